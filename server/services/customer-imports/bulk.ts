import { uniqueViolation } from '../../db/errors'
import { eq, inArray } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import type { z } from 'zod'
import type { BulkImportResult, ZBulkImport } from '../../../contract/customer-imports'
import { isCustomValueOf } from '../../../contract/custom-fields'
import { authorize, employeeIdOf, type TenantCaller } from '../../auth/caller'
import type { DbOrTx } from '../../db/client'
import { customerImportChunks, customerImports, customers } from '../../db/schema'
import { AppError, fieldError, validationError } from '../../errors'
import { tenant } from '../../scope'
import { liveCustomFields } from '../custom-fields/read'
import { auditEmployee } from '../audit'
import { touchSalons } from '../customers/access'
import { completePhones } from '../customers/phones'
import { assertValidCustomer } from '../customers/rules'
import { takeVersions } from '../../db/versions'
import { assertWithinLimit } from '../billing/limits'

type BulkInput = z.output<typeof ZBulkImport>

/**
 * One chunk of a CSV import (spec "POST /bulk"). Applied once: the chunk's result is stored with
 * it (customer_import_chunks) in the same transaction as the customers, so a chunk sent again
 * after a dropped connection answers that result and creates nobody twice. Rows whose e-mail is a
 * customer by now are skipped and reported (spec §5: duplicates are skipped, never merged).
 * Every row passes the customer create rules first (completePhones, assertValidCustomer, the
 * custom field definitions): one bad row is a 400 for the chunk, and nothing is written.
 */
export async function importChunk(opts: {
  caller: TenantCaller
  db: DbOrTx
  input: BulkInput
}): Promise<BulkImportResult> {
  const { caller, input } = opts
  authorize(caller, 'customers.import')
  const salonIds = [...new Set(input.salonIds)].sort()
  for (const s of salonIds) authorize(caller, 'customers.import', s)

  const replay = await storedResult(opts.db, caller, input)
  if (replay) return replay

  const rows = await checkedRows(opts.db, caller, input, salonIds)

  try {
    return await opts.db.transaction(async (tx) => {
      const imp = await openImport(tx, caller, input, salonIds)
      // The same chunk racing itself: the second waits on the import row lock, then finds it.
      const again = await storedResult(tx, caller, input)
      if (again) return again
      const emails = rows.map((r) => r.email)
      const taken = new Set(
        emails.length
          ? (
              await tx
                .select({ email: customers.email })
                .from(customers)
                .where(tenant(customers, caller, inArray(customers.email, emails)))
            ).map((r) => r.email)
          : [],
      )
      const fresh = rows.filter((r) => !taken.has(r.email))
      // Issue 22: the chunk's new customers fit the plan, or none of them is created (402 with
      // the limit, the count and how many the chunk adds; the import stops and says so).
      await assertWithinLimit(tx, caller.organisationId, 'customers', fresh.length)
      const versions = await takeVersions(tx, caller.organisationId, fresh.length)
      const now = new Date()
      const inserted = fresh.length
        ? await tx
            .insert(customers)
            .values(
              fresh.map(({ row: _row, ...f }, i) => ({
                ...f,
                id: uuidv7(),
                organisationId: caller.organisationId,
                salonIds,
                defaultMessagingType: 'email',
                allowedMessagingTypes: ['email'],
                importId: imp.id,
                version: versions[i],
                createdAt: now,
                updatedAt: now,
              })),
            )
            // A customer created meanwhile by someone else (between the check and this insert).
            .onConflictDoNothing({ target: [customers.organisationId, customers.email] })
            .returning({ email: customers.email })
        : []
      const created = new Set(inserted.map((r) => r.email))
      const skippedExisting = rows.filter((r) => !created.has(r.email)).map((r) => ({ row: r.row, email: r.email }))
      if (created.size) await touchSalons(tx, caller, salonIds)

      const counts = {
        ...imp.counts,
        created: (imp.counts.created ?? 0) + created.size,
        skippedExisting: (imp.counts.skippedExisting ?? 0) + skippedExisting.length,
        ...(input.final ?? {}),
      }
      await tx
        .update(customerImports)
        .set({ counts })
        .where(tenant(customerImports, caller, eq(customerImports.id, imp.id)))
      const result: BulkImportResult = {
        importId: imp.id,
        chunkId: input.chunkId,
        created: created.size,
        skippedExisting,
        replayed: false,
      }
      await tx.insert(customerImportChunks).values({
        organisationId: caller.organisationId,
        importId: imp.id,
        chunkId: input.chunkId,
        result,
      })
      // Once per import, on its last chunk: the counts only (no personal data in the audit trail).
      if (input.final)
        await auditEmployee(tx, caller, {
          event: 'customersImport',
          salonId: salonIds[0],
          data: { importId: imp.id, salonIds, ...counts },
        })
      return result
    })
  } catch (err) {
    // Two sends of one chunk in parallel: the loser's insert of the chunk row collides.
    if (uniqueViolation(err)) {
      const stored = await storedResult(opts.db, caller, input)
      if (stored) return stored
    }
    throw err
  }
}

async function storedResult(db: DbOrTx, caller: TenantCaller, input: BulkInput): Promise<BulkImportResult | null> {
  const [chunk] = await db
    .select()
    .from(customerImportChunks)
    .where(tenant(customerImportChunks, caller, eq(customerImportChunks.chunkId, input.chunkId)))
  if (!chunk) return null
  if (chunk.importId !== input.importId) throw new AppError('IMPORT_MISMATCH')
  return { ...(chunk.result as BulkImportResult), replayed: true }
}

/** The import row, created by its first chunk; later chunks must name the same branches and employee. */
async function openImport(tx: DbOrTx, caller: TenantCaller, input: BulkInput, salonIds: string[]) {
  const employeeId = employeeIdOf(caller)
  await tx
    .insert(customerImports)
    .values({
      id: input.importId,
      organisationId: caller.organisationId,
      employeeId,
      salonIds,
      fileName: input.fileName,
      counts: { created: 0, skippedExisting: 0 },
    })
    .onConflictDoNothing({ target: customerImports.id })
  const [imp] = await tx
    .select()
    .from(customerImports)
    .where(tenant(customerImports, caller, eq(customerImports.id, input.importId)))
    .for('update')
  // Another organisation's import id: not found, as every foreign row.
  if (!imp) throw new AppError('IMPORT_NOT_FOUND')
  if (imp.undoneAt || imp.employeeId !== employeeId || [...imp.salonIds].sort().join() !== salonIds.join())
    throw new AppError('IMPORT_MISMATCH')
  return imp
}

/**
 * Each row through the customer create rules: the phone completion every write path uses, the
 * whole-row rules, and the organisation's custom field definitions. Duplicates within one chunk
 * are the client's mistake (its dry run removes them): a 400 like any bad row.
 */
async function checkedRows(db: DbOrTx, caller: TenantCaller, input: BulkInput, salonIds: string[]) {
  const defs = await liveCustomFields(db, caller)
  const byName = new Map(defs.map((d) => [d.propertyName, d]))
  const seen = new Set<string>()
  const out: BulkInput['rows'] = []
  assertValidCustomer({ salonIds, defaultMessagingType: 'email', allowedMessagingTypes: ['email'] })
  for (const [i, row] of input.rows.entries()) {
    const fields = await completePhones(db, caller.organisationId, row, `rows.${i}.`)
    // The custom fields' own rules and messages (services/customers/custom-values.ts). Required
    // ones are not demanded: an old system's export rarely has them, and staff fill them in later.
    for (const [name, value] of Object.entries(fields.customValues)) {
      const def = byName.get(name)
      if (!def) throw validationError([fieldError(`rows.${i}.customValues.${name}`, 'customField.unknown')])
      if (!isCustomValueOf(def, value))
        throw validationError([fieldError(`rows.${i}.customValues.${name}`, 'customField.value')])
    }
    if (seen.has(fields.email))
      throw validationError([
        { path: `rows.${i}.email`, code: 'custom', message: 'This e-mail address is in the chunk twice.' },
      ])
    seen.add(fields.email)
    out.push(fields)
  }
  return out
}
