import type { CustomerDocument } from '../../contract/documents'
import type { MutationArgs } from '../../contract/sync'
import type { ReplicaDb } from './db'
import { entry, pingSync } from './mutations'
import { groupByEntity } from './overlay'
import { replay } from './registry'
import type { LocalCustomerDocument } from './types'

/*
 * Documents sent to customers (issue 12), as skin analyses: the server's acknowledged copy +
 * this device's unsent answers (a consent signed on the tablet offline) replayed on top, so a
 * pull never hides an answer that has not reached the server yet.
 */

const strip = ({ _pending, _error, ...d }: CustomerDocument & Partial<LocalCustomerDocument>): CustomerDocument => d

const toLocal = (d: CustomerDocument, pending = false, error: string | null = null): LocalCustomerDocument => ({
  ...strip(d),
  _pending: pending ? 1 : 0,
  _error: error,
})

/** Recomputes the visible documents of `ids`. Call inside a rw transaction over both tables and the outbox. */
export async function rebuildCustomerDocuments(db: ReplicaDb, ids: Iterable<string>) {
  const unique = [...new Set(ids)]
  if (unique.length === 0) return
  const [servers, entries] = await Promise.all([
    db.serverCustomerDocuments.bulkGet(unique),
    db.outbox.where('entityId').anyOf(unique).toArray(),
  ])
  const byEntity = groupByEntity(entries)
  const puts: LocalCustomerDocument[] = []
  const deletes: string[] = []
  unique.forEach((id, i) => {
    const server = servers[i]
    const { row, pending, error } = replay<CustomerDocument>(
      'customerDocument',
      server ? strip(server) : undefined,
      byEntity.get(id) ?? [],
    )
    if (row) puts.push(toLocal(row, pending, error))
    else deletes.push(id)
  })
  if (puts.length) await db.customerDocuments.bulkPut(puts)
  if (deletes.length) await db.customerDocuments.bulkDelete(deletes)
}

/** Stores server rows (a pull page or push results) and tombstones, then rebuilds what the screens see. */
export async function putServerCustomerDocuments(db: ReplicaDb, rows: CustomerDocument[], tombstones: string[] = []) {
  const fresh: LocalCustomerDocument[] = []
  for (const d of rows) {
    const known = await db.serverCustomerDocuments.get(d.id)
    if (!known || known.version <= d.version) fresh.push(toLocal(d))
  }
  if (fresh.length) await db.serverCustomerDocuments.bulkPut(fresh)
  if (tombstones.length) await db.serverCustomerDocuments.bulkDelete(tombstones)
  await rebuildCustomerDocuments(db, [...fresh.map((d) => d.id), ...tombstones])
}

/** Customers left the replica: their documents go with them (unsent answers stay visible from the outbox). */
export async function dropCustomerDocumentsOf(db: ReplicaDb, customerIds: string[]) {
  if (customerIds.length === 0) return
  const server = await db.serverCustomerDocuments.where('customerId').anyOf(customerIds).primaryKeys()
  const shown = await db.customerDocuments.where('customerId').anyOf(customerIds).primaryKeys()
  await db.serverCustomerDocuments.bulkDelete(server)
  await rebuildCustomerDocuments(db, [...server, ...shown])
}

type RespondArgs = MutationArgs<'customerDocument.respond'>

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

/**
 * Answers a document on this device (row + outbox entry in one transaction): shown at once,
 * pending, sent once there is a connection. The entry's id is the customer document's.
 */
export async function respondLocally(db: ReplicaDb, args: RespondArgs) {
  await db.transaction('rw', [db.customerDocuments, db.serverCustomerDocuments, db.outbox], async () => {
    await db.outbox.add(entry('customerDocument.respond', args.id, args))
    await rebuildCustomerDocuments(db, [args.id])
  })
  pingSync(db)
}
