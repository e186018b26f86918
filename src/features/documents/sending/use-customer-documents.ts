import { useLiveQuery } from 'dexie-react-hooks'
import { type Document, type ReconsentState, reconsentState } from '../../../../contract/documents'
import { putServerCustomerDocuments } from '../../../local-db/entities/customer-document'
import type { ReplicaDb } from '../../../local-db/db'
import type { LocalCustomerDocument } from '../../../local-db/types'
import { useReplica } from '../../sync/replica-context'

/** One customer's documents from the replica (offline too), newest first; undefined while loading. */
export function useCustomerDocuments(customerId: string): LocalCustomerDocument[] | undefined {
  const replica = useReplica()
  return useLiveQuery(async () => {
    if (!replica) return undefined
    const rows = await replica.db.customerDocuments.where('customerId').equals(customerId).toArray()
    return rows.sort((a, b) => b.sentAt.localeCompare(a.sentAt) || b.id.localeCompare(a.id))
  }, [replica, customerId])
}

/** The organisation's documents (replica), by name; `sendable`: not archived. */
export function useDocuments(opts: { sendable?: boolean } = {}): Document[] | undefined {
  const replica = useReplica()
  return useLiveQuery(async () => {
    if (!replica) return undefined
    const rows = await replica.db.documents.toArray()
    return rows.filter((d) => !opts.sendable || !d.archived).sort((a, b) => a.name.localeCompare(b.name))
  }, [replica, opts.sendable])
}

/** Consent forms for which this customer needs new consent (or was sent the new version): contract rule. */
export function reconsentFlags(
  sent: readonly LocalCustomerDocument[],
  documents: readonly Document[],
): { document: Document; state: Exclude<ReconsentState, 'current'> }[] {
  return documents.flatMap((document) => {
    const state = reconsentState(sent, document)
    return state === 'current' ? [] : [{ document, state }]
  })
}

/** A send's answer, stored as the server's copy at once (the next pull brings the same row). */
export async function storeSent(
  db: ReplicaDb,
  rows: Parameters<typeof putServerCustomerDocuments>[1],
  gone: string[] = [],
) {
  await db.transaction('rw', [db.customerDocuments, db.serverCustomerDocuments, db.outbox], () =>
    putServerCustomerDocuments(db, rows, gone),
  )
}
