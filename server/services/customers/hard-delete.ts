import { and, eq, inArray, or, sql } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { HardDeleteResult } from '../../../contract/customers'
import { authorize, type TenantCaller } from '../../auth/caller'
import type { DbOrTx } from '../../db/client'
import {
  auditEvents,
  customerActivities,
  customerComments,
  customerConflicts,
  customerDocuments,
  customerLoginCodes,
  customers,
  outboxMessages,
  questionnaireSubmissions,
  sessions,
  shortcuts,
  skinAnalyses,
  syncLedger,
} from '../../db/schema'
import { nextVersion } from '../../db/versions'
import type { FileStore } from '../../integrations/storage'
import { tenant } from '../../scope'
import { auditEmployee } from '../audit'
import { eraseEvidenceOf } from '../documents/evidence/evidence-chain'
import { loadVisibleCustomer, touchSalons } from './access'
import { customerSubmissions, photoPaths, skinPhotoPaths } from './related'

/** A table of rows that belong to one customer. */
type CustomerRows = PgTable & { id: PgColumn; organisationId: PgColumn; customerId: PgColumn }

/** The e-mail a tombstone keeps: unique per customer, no one's address, so the real one is free again. */
export const tombstoneEmail = (id: string) => `deleted-${id}@deleted.invalid`

/**
 * DELETE /customers/{id}: removes the customer and everything stored about them, irreversibly
 * (spec: "removes all related data"). Needs customers.hardDelete in EVERY branch the customer
 * belongs to: one branch's manager cannot erase what another branch keeps.
 *
 * Removed: submissions (answers inside), their stored photos, comments, conflicts, the customer's
 * activities, login codes, sessions and short links, e-mails/WhatsApp messages queued or kept for
 * their address, and the customer rows the sync ledger kept as push answers. The customer row
 * stays as a tombstone (`deleted_at`; names, e-mail, phones, notes and custom values scrubbed;
 * the e-mail replaced so the same person can be added again): the changes feed tells every
 * replica to drop them (the trigger records the departure per branch). Audit rows stay (who did
 * what is the organisation's record) and name the customer by id only — they never held personal
 * data; the customer's own audit rows (their sign-ins) lose their data. The audit entry
 * `customerHardDelete` carries the counts, no personal data.
 */
export async function hardDeleteCustomer(opts: {
  caller: TenantCaller
  db: DbOrTx
  storage: FileStore
  id: string
}): Promise<HardDeleteResult> {
  const { caller, id } = opts
  const { result, photos } = await opts.db.transaction(async (tx) => {
    const row = await loadVisibleCustomer(tx, caller, id, { forUpdate: true })
    for (const s of row.salonIds) authorize(caller, 'customers.hardDelete', s)

    const { submissions, questionnaires } = await customerSubmissions(tx, caller, id)
    const photos = photoPaths(caller.organisationId, submissions, questionnaires)
    // Issue 11: their skin analyses (every saved one) and the analyses' photos go too.
    const analyses = await tx
      .delete(skinAnalyses)
      .where(tenant(skinAnalyses, caller, eq(skinAnalyses.customerId, id)))
      .returning({ data: skinAnalyses.data })
    photos.push(...skinPhotoPaths(caller.organisationId, analyses))
    // Every row of the customer in a table: removed, counted.
    const removeAll = async (table: CustomerRows) => {
      const t: CustomerRows = table
      return (
        await tx
          .delete(t)
          .where(tenant(t, caller, eq(t.customerId, id)))
          .returning({ id: t.id })
      ).length
    }
    const removed = {
      submissions: await removeAll(questionnaireSubmissions),
      comments: await removeAll(customerComments),
      conflicts: await removeAll(customerConflicts),
      activities: await removeAll(customerActivities),
      documents: await removeAll(customerDocuments),
    }
    // Issue 12: the consent evidence stays in the chain, erased of everything personal; the
    // drawn signatures go with the photos.
    photos.push(...(await eraseEvidenceOf(tx, caller.organisationId, id)))
    await tx.delete(customerLoginCodes).where(tenant(customerLoginCodes, caller, eq(customerLoginCodes.customerId, id)))
    await tx.delete(shortcuts).where(tenant(shortcuts, caller, eq(shortcuts.customerId, id)))
    await tx
      .delete(sessions)
      .where(
        and(
          eq(sessions.organisationId, caller.organisationId),
          eq(sessions.kind, 'customer'),
          eq(sessions.subjectId, id),
        ),
      )
    const addresses = [row.email, row.phoneNumber, row.alternatePhoneNumber].filter((a): a is string => !!a)
    await tx
      .delete(outboxMessages)
      .where(
        and(eq(outboxMessages.organisationId, caller.organisationId), inArray(outboxMessages.recipient, addresses)),
      )
    // Push answers kept for duplicate pushes hold the customer row, a submission or a comment.
    await tx
      .update(syncLedger)
      .set({ result: null })
      .where(
        and(
          eq(syncLedger.organisationId, caller.organisationId),
          or(
            sql`${syncLedger.result}->>'id' = ${id}`,
            sql`${syncLedger.result}->>'customerId' = ${id}`,
            sql`${syncLedger.result}->'customer'->>'id' = ${id}`,
          ),
        ),
      )
    // The customer's own audit rows (sign-ins) keep who and when, not what they carried.
    await tx
      .update(auditEvents)
      .set({ data: null })
      .where(
        and(
          eq(auditEvents.organisationId, caller.organisationId),
          eq(auditEvents.actorKind, 'customer'),
          eq(auditEvents.actorId, id),
        ),
      )

    const version = await nextVersion(tx, caller.organisationId)
    await tx
      .update(customers)
      .set({
        email: tombstoneEmail(id),
        firstName: '',
        lastName: '',
        dateOfBirth: null,
        gender: 'undefined',
        phoneNumber: null,
        alternatePhoneNumber: null,
        address: null,
        city: null,
        zipCode: null,
        notes: null,
        customValues: {},
        allowedMessagingTypes: ['email'],
        defaultMessagingType: 'email',
        importId: null,
        deleted: true,
        deletedAt: new Date(),
        updatedAt: new Date(),
        version,
      })
      .where(tenant(customers, caller, eq(customers.id, id)))
    await touchSalons(tx, caller, row.salonIds)
    const result: HardDeleteResult = { id, photos: photos.length, ...removed }
    await auditEmployee(tx, caller, {
      event: 'customerHardDelete',
      salonId: row.salonIds[0] ?? null,
      customerId: id,
      data: { ...result, customerId: id },
    })
    return { result, photos }
  })
  // Files go after the commit: a rolled-back delete must not have lost them. Nothing points at
  // them any more, so one that cannot be removed now (a disk error) is an orphan, never served.
  await Promise.allSettled(photos.map((p) => opts.storage.delete(p)))
  return result
}
