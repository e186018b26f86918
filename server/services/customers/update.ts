import { and, eq, ne } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import type { z } from 'zod'
import type { Customer, CustomerFields, ZCustomerChanges } from '../../../contract/customers'
import { allows } from '../../../contract/policy'
import type { DbOrTx } from '../../db/client'
import { customerConflicts, customers } from '../../db/schema'
import { nextVersion } from '../../db/versions'
import { AppError } from '../../errors'
import { authorize, authorizeInAny, employeeIdOf, type TenantCaller } from '../../auth/caller'
import { tenant } from '../../scope'
import { auditEmployee } from '../audit'
import { reversionCustomerRows } from './arrivals'
import { loadVisibleCustomer, touchSalons } from './access'
import { completePhones } from './phones'
import { assertValidCustomer, sameValue } from './rules'
import { applyCustomValues, assertCustomValues, mergeCustomValues } from './custom-values'
import { toCustomer } from './serialize'
import { assertWithinLimit } from '../billing/limits'

export type CustomerChanges = z.output<typeof ZCustomerChanges>
/** The editable fields and the soft-delete flag (issue 10), merged the same way. */
type Field = keyof CustomerFields | 'deleted'

/**
 * Field-by-field merge (ARCHITECTURE "Offline-first sync"). For each changed field: applied when
 * the client did not say what it was based on, or the server still holds that base value; a field
 * already at the new value is a no-op; otherwise another edit committed first, so the server value
 * is kept and the rejected value goes to the conflict log staff see. Device clocks never decide.
 */
export async function updateCustomer(opts: {
  caller: TenantCaller
  db: DbOrTx
  id: string
  changes: CustomerChanges
  base?: Record<string, unknown>
}): Promise<{ customer: Customer; conflicts: string[] }> {
  const { caller, id } = opts
  const base = opts.base ?? {}
  const changes = await completePhones(opts.db, caller.organisationId, opts.changes, 'changes.')
  return opts.db.transaction(async (tx) => {
    const row = await loadVisibleCustomer(tx, caller, id, { forUpdate: true })
    authorizeInAny(caller, 'customers.manage', row.salonIds)
    const current = toCustomer(row)

    const applied: Partial<CustomerFields> & { deleted?: boolean } = {}
    const clashes: { field: Field | `customValues.${string}`; kept: unknown; rejected: unknown }[] = []
    for (const field of Object.keys(changes) as Field[]) {
      const next = changes[field]
      if (next === undefined) continue
      if (field === 'customValues') {
        // Issue 10: merged property by property, so two devices editing two custom values both win.
        const merge = mergeCustomValues(current.customValues, changes.customValues ?? {}, base.customValues)
        clashes.push(...merge.clashes)
        if (Object.keys(merge.set).length) {
          await assertCustomValues(tx, caller, merge.set, { prefix: 'changes.' })
          applied.customValues = applyCustomValues(current.customValues, merge.set)
        }
        continue
      }
      const server = current[field]
      if (sameValue(field, server, next)) continue
      if (!(field in base) || sameValue(field, server, base[field])) Object.assign(applied, { [field]: next })
      else clashes.push({ field, kept: server, rejected: next })
    }

    const merged = { ...current, ...applied }
    if (applied.salonIds) {
      merged.salonIds = [...new Set(applied.salonIds)]
      // Adding or removing a branch is managing customers in that branch.
      const touched = symmetricDifference(current.salonIds, merged.salonIds)
      for (const s of touched) authorize(caller, 'customers.manage', s)
      applied.salonIds = merged.salonIds
    }
    assertValidCustomer(merged)
    if (applied.email) {
      const [taken] = await tx
        .select({ id: customers.id })
        .from(customers)
        .where(tenant(customers, caller, and(eq(customers.email, applied.email), ne(customers.id, id))))
      if (taken) throw new AppError('CUSTOMER_EMAIL_TAKEN')
    }

    // Issue 22: a restored customer counts against the plan's limit again (deleting never does).
    if (applied.deleted === false && current.deleted) await assertWithinLimit(tx, caller.organisationId, 'customers')

    let result = row
    const appliedFields = Object.keys(applied)
    if (appliedFields.length) {
      const version = await nextVersion(tx, caller.organisationId)
      ;[result] = await tx
        .update(customers)
        .set({ ...applied, version, updatedAt: new Date() })
        .where(tenant(customers, caller, eq(customers.id, id)))
        .returning()
      // Deleting or restoring changes the customersCount of every branch of theirs.
      if (applied.deleted !== undefined) await touchSalons(tx, caller, [...current.salonIds, ...merged.salonIds])
      else if (applied.salonIds) await touchSalons(tx, caller, symmetricDifference(current.salonIds, merged.salonIds))
      // A branch gained: its replicas pull this customer's comments (issue 10).
      if (applied.salonIds?.some((s) => !current.salonIds.includes(s))) {
        await reversionCustomerRows(tx, caller, id)
      }
    }
    for (const c of clashes) {
      await tx.insert(customerConflicts).values({
        id: uuidv7(),
        organisationId: caller.organisationId,
        customerId: id,
        field: c.field,
        keptValue: c.kept,
        rejectedValue: c.rejected,
        employeeId: employeeIdOf(caller),
        clientId: caller.clientId ?? null,
        version: await nextVersion(tx, caller.organisationId),
      })
    }
    if (appliedFields.length || clashes.length)
      await auditEmployee(tx, caller, {
        event: 'customerUpdate',
        // The branch of theirs the employee manages customers in (the first, when several).
        salonId: row.salonIds.find((s) => allows(caller, 'customers.manage', s)) ?? null,
        customerId: id,
        data: { customerId: id, fields: appliedFields, conflicts: clashes.map((c) => c.field) },
      })
    return { customer: toCustomer(result), conflicts: clashes.map((c) => c.field) }
  })
}

function symmetricDifference(a: string[], b: string[]): string[] {
  return [...a.filter((x) => !b.includes(x)), ...b.filter((x) => !a.includes(x))]
}
