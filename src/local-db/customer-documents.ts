import type { ReplicaDb } from './db'
import { type RespondArgs, rebuildCustomerDocuments } from './entities/customer-document'
import { entry, pingSync } from './outbox'

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
