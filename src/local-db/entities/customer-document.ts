import type { CustomerDocument } from '../../../contract/documents'
import type { MutationArgs } from '../../../contract/sync'
import { customerRows } from '../customer-rows'
import type { ClientMutationsOf } from '../entity'

/*
 * Documents sent to customers (issue 12), as skin analyses: the server's acknowledged copy +
 * this device's unsent answers (a consent signed on the tablet offline) replayed on top, so a
 * pull never hides an answer that has not reached the server yet.
 */

export type RespondArgs = MutationArgs<'customerDocument.respond'>

/**
 * How an unsent answer shows on its row: the status (an answer after seen; seen never undoes an
 * answer), or — a consent form handed over on the tablet, never sent — the row it creates.
 */
export function overlayResponse(row: CustomerDocument | undefined, args: RespondArgs, at: string) {
  const base: CustomerDocument | undefined =
    row ??
    (args.handOver && {
      id: args.id,
      customerId: args.customerId,
      salonId: args.salonId,
      documentId: args.handOver.documentId,
      versionId: args.handOver.versionId,
      kind: args.handOver.kind ?? 'consentForm',
      name: args.handOver.name ?? '',
      versionNumber: args.handOver.versionNumber ?? 1,
      status: 'notSeen',
      channel: 'tablet',
      sentAt: at,
      sentByName: '',
      seenAt: null,
      respondedAt: null,
      declineReason: null,
      evidence: null,
      version: 0,
    })
  if (!base) return undefined
  if (args.status === 'seen') return base.status === 'notSeen' ? { ...base, status: 'seen' as const, seenAt: at } : base
  if (base.status === 'accepted' || base.status === 'declined') return base
  return {
    ...base,
    status: args.status,
    seenAt: base.seenAt ?? at,
    respondedAt: at,
    declineReason: args.status === 'declined' ? (args.reason ?? null) : null,
  }
}

const mutations: ClientMutationsOf<'customerDocument'> = {
  // Issue 12: an answer on the tablet (a hand-over creates the row) shows at once, pending.
  'customerDocument.respond': {
    overlay: (row, e) => overlayResponse(row, e.args, e.createdAt),
    async settle(db, _e, result) {
      const d = result as CustomerDocument | null
      if (d?.id && typeof d.version === 'number') await putServerCustomerDocuments(db, [d])
    },
  },
}

const rows = customerRows<CustomerDocument, 'customerDocument'>({
  mutations,
  shown: (db) => db.customerDocuments,
  server: (db) => db.serverCustomerDocuments,
})

/** Recomputes the visible documents of `ids`. Call inside a rw transaction over both tables and the outbox. */
export const rebuildCustomerDocuments = rows.rebuild
/** Stores server rows (a pull page or push results) and tombstones, then rebuilds what the screens see. */
export const putServerCustomerDocuments = rows.putServer
/** Customers left the replica: their documents go with them (unsent answers stay visible from the outbox). */
export const dropCustomerDocumentsOf = rows.dropOf

// Issue 12: documents and their versions are written online only (entities/document.ts); what
// was sent to the branch's customers replays unsent answers (a consent signed on the tablet offline).
export const customerDocument = rows.entity
