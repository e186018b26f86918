import { desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm'
import { type CustomerImport, IMPORT_UNDO_HOURS, type UndoImportResult } from '../../../contract/customer-imports'
import { branchesFor } from '../../../contract/policy'
import { authorize, type TenantCaller } from '../../auth/caller'
import type { DbOrTx } from '../../db/client'
import { customerComments, customerImports, customers, questionnaireSubmissions } from '../../db/schema'
import { AppError } from '../../errors'
import { inBranches, tenant } from '../../scope'
import { auditEmployee } from '../audit'
import { touchSalons } from '../customers/access'
import { takeVersions } from '../../db/versions'

const HOUR = 3600_000
type ImportRow = typeof customerImports.$inferSelect

const toImport = (r: ImportRow): CustomerImport => ({
  id: r.id,
  fileName: r.fileName,
  salonIds: r.salonIds,
  employeeId: r.employeeId,
  counts: { created: 0, skippedExisting: 0, ...r.counts },
  createdAt: r.createdAt.toISOString(),
  undoneAt: r.undoneAt?.toISOString() ?? null,
  undoUntil: new Date(r.createdAt.getTime() + IMPORT_UNDO_HOURS * HOUR).toISOString(),
})

/** May the caller import into (and so undo) every branch of this import? */
const mayImportAll = (caller: TenantCaller, salonIds: string[]) => {
  const mine = branchesFor(caller, 'customers.import')
  return salonIds.every((s) => mine.includes(s))
}

/** Imports of the last 30 days into branches the caller may import into, newest first. */
export async function listImports(opts: { caller: TenantCaller; db: DbOrTx }): Promise<CustomerImport[]> {
  authorize(opts.caller, 'customers.import')
  const since = new Date(Date.now() - 30 * 24 * HOUR)
  const rows = await opts.db
    .select()
    .from(customerImports)
    .where(
      tenant(
        customerImports,
        opts.caller,
        gt(customerImports.createdAt, since),
        inBranches(customerImports, branchesFor(opts.caller, 'customers.import')),
      ),
    )
    .orderBy(desc(customerImports.createdAt))
    .limit(20)
  return rows.filter((r) => mayImportAll(opts.caller, r.salonIds)).map(toImport)
}

/**
 * Undo within 24 hours: removes exactly the customers this import created, except those something
 * was added to since (changed after creation, a questionnaire submission, a comment) — those are
 * kept and named with the reason. Removal is the tombstone every replica learns of (deleted_at
 * and a new version: the customer_departures trigger records it per branch), with the personal
 * data cleared, so the e-mail can be imported again and nothing of the person stays behind.
 */
export async function undoImport(opts: { caller: TenantCaller; db: DbOrTx; id: string }): Promise<UndoImportResult> {
  const { caller } = opts
  authorize(caller, 'customers.import')
  return opts.db.transaction(async (tx) => {
    const [imp] = await tx
      .select()
      .from(customerImports)
      .where(tenant(customerImports, caller, eq(customerImports.id, opts.id)))
      .for('update')
    if (!imp) throw new AppError('IMPORT_NOT_FOUND')
    for (const s of imp.salonIds) authorize(caller, 'customers.import', s)
    if (imp.undoneAt) throw new AppError('IMPORT_ALREADY_UNDONE')
    if (Date.now() - imp.createdAt.getTime() > IMPORT_UNDO_HOURS * HOUR) throw new AppError('IMPORT_UNDO_EXPIRED')

    const rows = await tx
      .select()
      .from(customers)
      .where(tenant(customers, caller, eq(customers.importId, imp.id), isNull(customers.deletedAt)))
      .for('update')
    const ids = rows.map((r) => r.id)
    const withSubmission = new Set(
      ids.length
        ? (
            await tx
              .selectDistinct({ id: questionnaireSubmissions.customerId })
              .from(questionnaireSubmissions)
              .where(tenant(questionnaireSubmissions, caller, inArray(questionnaireSubmissions.customerId, ids)))
          ).map((r) => r.id)
        : [],
    )
    const withComment = new Set(
      ids.length
        ? (
            await tx
              .selectDistinct({ id: customerComments.customerId })
              .from(customerComments)
              .where(
                tenant(
                  customerComments,
                  caller,
                  inArray(customerComments.customerId, ids),
                  isNull(customerComments.deletedAt),
                ),
              )
          ).map((r) => r.id)
        : [],
    )
    const kept: UndoImportResult['kept'] = []
    const remove: typeof rows = []
    for (const r of rows) {
      const reason = withSubmission.has(r.id)
        ? 'submission'
        : withComment.has(r.id)
          ? 'comment'
          : r.updatedAt.getTime() > r.createdAt.getTime() || r.deleted
            ? 'updated'
            : null
      if (reason) kept.push({ customerId: r.id, fullName: `${r.firstName} ${r.lastName}`, email: r.email, reason })
      else remove.push(r)
    }
    const now = new Date()
    // One statement per 1,000 customers (not one per row: 10,000 would take tens of seconds),
    // each removed customer with its own version, as team-versions.ts does for the team.
    for (let i = 0; i < remove.length; i += 1000) {
      const ids = remove.slice(i, i + 1000).map((r) => r.id)
      const [first] = await takeVersions(tx, caller.organisationId, ids.length)
      // ids are UUIDs read from the database just above: safe as one array literal parameter.
      const idArray = `{${ids.join(',')}}`
      await tx.execute(sql`
        update customers c set
          deleted_at = ${now}, updated_at = ${now}, version = ${first - 1} + r.rn,
          -- Nothing of the person stays; the e-mail is freed (unique per organisation).
          email = 'removed-' || c.id || '@import.invalid', first_name = '', last_name = '',
          date_of_birth = null, phone_number = null, alternate_phone_number = null, address = null,
          city = null, zip_code = null, notes = null, custom_values = '{}'::jsonb
        from (
          select id, row_number() over (order by id) as rn from customers
          where organisation_id = ${caller.organisationId} and id = any(${idArray}::uuid[]) and deleted_at is null
        ) r
        where c.id = r.id and c.organisation_id = ${caller.organisationId}`)
    }
    if (remove.length) await touchSalons(tx, caller, imp.salonIds)
    const counts = { ...imp.counts, removed: remove.length, kept: kept.length }
    await tx
      .update(customerImports)
      .set({ undoneAt: now, counts })
      .where(tenant(customerImports, caller, eq(customerImports.id, imp.id)))
    await auditEmployee(tx, caller, {
      event: 'customersImport',
      salonId: imp.salonIds[0],
      data: { importId: imp.id, undo: true, removed: remove.length, kept: kept.length },
    })
    return { importId: imp.id, removed: remove.length, kept }
  })
}
