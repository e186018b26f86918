import { and, asc, eq, inArray, isNotNull, lte } from 'drizzle-orm'
import { type GlobalOrganisationDetail, ORGANISATION_RETENTION_DAYS } from '../../../contract/global-organisations'
import type { Caller } from '../../../contract/policy'
import type { Db } from '../../db/client'
import { organisations, payments, sessions } from '../../db/schema'
import { AppError } from '../../errors'
import type { FileStore } from '../../integrations/storage'
import { tenant } from '../../scope'
import { audit } from '../audit'
import { isRunning } from '../billing/view'
import { currentSubscription } from '../billing/entitlements'
import { adminIdOf, organisationById, organisationDetail } from './detail'

const DAY_MS = 86_400_000

/** Payments still waiting for the provider: an unpaid subscription is never deleted under it. */
const UNPAID = ['open', 'pending', 'authorized'] as const

/**
 * `DELETE /global/organisations/{id}?confirm=` (research §7 E7): only with the organisation's exact
 * company name typed as confirmation, and only while no subscription is active (a paid one still
 * running; a trial is not paid and may go) or unpaid (a payment waiting for the provider). A soft
 * delete: the organisation is gone for its users at once (lookups, sign-ins and sessions miss it;
 * its sessions are removed), its data stays ORGANISATION_RETENTION_DAYS for the purge. A refusal
 * changes nothing.
 */
export async function deleteOrganisation(opts: {
  db: Db
  caller: Caller
  id: string
  confirm: string
  now?: Date
}): Promise<GlobalOrganisationDetail> {
  const adminId = adminIdOf(opts.caller)
  const { db, id } = opts
  const now = opts.now ?? new Date()
  await db.transaction(async (tx) => {
    const org = await organisationById(tx, id, { lock: true })
    if (org.deletedAt) throw new AppError('ORGANISATION_STATE_UNCHANGED')
    if (opts.confirm.trim() !== org.companyName) throw new AppError('DELETE_CONFIRMATION_MISMATCH')
    const subscription = await currentSubscription(tx, id)
    const paidAndRunning = subscription && !subscription.trial && isRunning(subscription, now)
    const [unpaid] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(tenant(payments, { organisationId: id }, inArray(payments.status, [...UNPAID])))
      .limit(1)
    if (paidAndRunning || unpaid) throw new AppError('ORGANISATION_HAS_SUBSCRIPTION')
    const purgeAfter = new Date(now.getTime() + ORGANISATION_RETENTION_DAYS * DAY_MS)
    await tx.update(organisations).set({ deletedAt: now, purgeAfter, updatedAt: now }).where(eq(organisations.id, id))
    await tx.delete(sessions).where(eq(sessions.organisationId, id))
    await audit(tx, {
      organisationId: id,
      actorKind: 'globalAdmin',
      actorId: adminId,
      event: 'organisationDelete',
      data: { companyName: org.companyName, slug: org.slug, purgeAfter: purgeAfter.toISOString() },
    })
  })
  return organisationDetail(db, id, now)
}

/**
 * Removes for good every organisation whose retention period has passed: the organisation row
 * (its tables follow by ON DELETE CASCADE, the invoices too: their trigger lets only the
 * organisation's own removal take them) and its stored files. The audit trail stays (it has no
 * foreign key), with an organisationPurge entry. One transaction per organisation: one that fails
 * is tried again at the next run, the others are done.
 */
export async function purgeDeletedOrganisations(opts: { db: Db; storage: FileStore; now?: Date }): Promise<number> {
  const { db } = opts
  const now = opts.now ?? new Date()
  const due = await db
    .select({ id: organisations.id, companyName: organisations.companyName, slug: organisations.slug })
    .from(organisations)
    .where(and(isNotNull(organisations.deletedAt), lte(organisations.purgeAfter, now)))
    .orderBy(asc(organisations.purgeAfter))
  let purged = 0
  for (const org of due) {
    // Files first: a store that fails (S3 unreachable) leaves the row, so the next run tries both
    // again; the other order would leave the files orphaned for good once the row is gone. A
    // deleted organisation is never restored, so nothing needs them any more.
    await opts.storage.deletePrefix(org.id)
    await db.transaction(async (tx) => {
      await tx.delete(organisations).where(and(eq(organisations.id, org.id), lte(organisations.purgeAfter, now)))
      await audit(tx, {
        organisationId: org.id,
        actorKind: 'system',
        event: 'organisationPurge',
        data: { companyName: org.companyName, slug: org.slug },
      })
    })
    purged++
  }
  return purged
}
