import type { Customer, CustomerConflict } from '../../contract/customers'
import type { MutationResult } from '../../contract/sync'
import type { ReplicaDb } from '../../src/local-db/db'
import { foldLaterIntoRefused } from '../../src/local-db/mutations'
import { rebuildCustomers } from '../../src/local-db/overlay'
import { putServerSubmissions, rebuildSubmissions } from '../../src/local-db/submissions'
import type { OutboxEntry } from '../../src/local-db/types'
import type { Submission } from '../../contract/questionnaires'

/** `customer.update` answers {customer, conflicts}; `customer.create` answers the customer. */
const customerOf = (result: unknown): Customer | null => {
  if (!result || typeof result !== 'object') return null
  const r = result as { customer?: Customer; id?: string; email?: string }
  if (r.customer && typeof r.customer === 'object') return r.customer
  return r.id && r.email !== undefined ? (result as Customer) : null
}

/**
 * Settles a pushed batch in one transaction: acknowledged entries leave the outbox and their
 * result becomes the new server copy; refused ones stay, marked for staff to fix or discard.
 * Returns how many entries got a result.
 */
export async function applyPushResults(db: ReplicaDb, batch: OutboxEntry[], results: MutationResult[]) {
  const byId = new Map(batch.map((e) => [e.id, e]))
  let settled = 0
  const tables = [
    db.customers,
    db.serverCustomers,
    db.outbox,
    db.customerConflicts,
    db.submissions,
    db.serverSubmissions,
  ]
  await db.transaction('rw', tables, async () => {
    const touched = new Set<string>()
    const submissions: Submission[] = []
    const submissionIds = new Set<string>()
    for (const r of results) {
      const e = byId.get(r.id)
      if (!e || e.seq === undefined) continue
      // The entry may have been discarded or replaced while the batch was in flight.
      const current = await db.outbox.get(e.seq)
      if (!current || current.id !== e.id) continue
      settled++
      const isSubmission = e.name.startsWith('questionnaireSubmission.')
      if (isSubmission) submissionIds.add(e.entityId)
      else if (e.name !== 'customerConflict.resolve') touched.add(e.entityId)
      if (r.status === 'applied' || r.status === 'duplicate') {
        await db.outbox.delete(e.seq)
        if (isSubmission) {
          const s = r.result as Submission | null
          if (s?.id) submissions.push(s)
          continue
        }
        if (e.name === 'customerConflict.resolve') {
          const c = r.result as CustomerConflict | null
          if (c?.id) await db.customerConflicts.put(c)
          continue
        }
        const customer = customerOf(r.result)
        if (!customer) continue
        const known = await db.serverCustomers.get(customer.id)
        if (!known || known.version <= customer.version) await db.serverCustomers.put(customer)
        if (customer.id !== e.entityId) {
          // assignExisting: the server joined our create to an existing customer. Later entries
          // for our client id now belong to that customer.
          touched.add(customer.id)
          await db.outbox
            .where('entityId')
            .equals(e.entityId)
            .modify((o) => {
              o.entityId = customer.id
              if (o.args.id === e.entityId) o.args = { ...o.args, id: customer.id }
            })
        }
      } else {
        await db.outbox.update(e.seq, {
          status: 'needsAttention',
          error: { code: r.code, message: r.message, details: 'details' in r ? r.details : undefined },
        })
        // Later edits of this customer were made on top of the refused value: they wait with it.
        await foldLaterIntoRefused(db, current)
      }
    }
    await rebuildCustomers(db, touched)
    await putServerSubmissions(db, submissions)
    // Refused or settled entries without a row: the visible row still needs its badge recomputed.
    await rebuildSubmissions(db, submissionIds)
  })
  return settled
}
