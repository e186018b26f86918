import { uniqueViolation } from '../../db/errors'
import { eq } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import type { z } from 'zod'
import type { Customer, ZCreateCustomer } from '../../../contract/customers'
import type { DbOrTx } from '../../db/client'
import { customers } from '../../db/schema'
import { nextVersion } from '../../db/versions'
import { AppError, idTaken } from '../../errors'
import { authorize, type TenantCaller } from '../../auth/caller'
import { tenant } from '../../scope'
import { auditEmployee } from '../audit'
import { happenedFor } from '../when'
import { assertWithinLimit } from '../billing/limits'
import { reversionCustomerRows } from './arrivals'
import { touchSalons } from './access'
import { completePhones } from './phones'
import { assertCustomValues } from './custom-values'
import { assertValidCustomer } from './rules'
import { toCustomer } from './serialize'

export type CreateCustomerInput = z.output<typeof ZCreateCustomer>

/**
 * Creates a customer in the given branches (manageCustomers in each). E-mail is unique per
 * organisation: taken in one of these branches → CUSTOMER_EMAIL_TAKEN; only in other branches →
 * CUSTOMER_EXISTS_IN_OTHER_BRANCH, unless `assignExisting`, which adds the branches to it.
 */
export async function createCustomer(opts: {
  caller: TenantCaller
  db: DbOrTx
  input: CreateCustomerInput
}): Promise<{ customer: Customer; created: boolean }> {
  const { caller, input } = opts
  authorize(caller, 'customers.manage')
  const { assignExisting, id: givenId, ...typed } = input
  const fields = await completePhones(opts.db, caller.organisationId, typed)
  const salonIds = [...new Set(fields.salonIds)]
  for (const s of salonIds) authorize(caller, 'customers.manage', s)
  assertValidCustomer({ ...fields, salonIds })

  return opts.db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(customers)
      .where(tenant(customers, caller, eq(customers.email, fields.email)))
      .for('update')
    if (existing) {
      if (existing.deletedAt || existing.salonIds.some((s) => salonIds.includes(s)))
        throw new AppError('CUSTOMER_EMAIL_TAKEN')
      if (!assignExisting) throw new AppError('CUSTOMER_EXISTS_IN_OTHER_BRANCH', { customerId: existing.id })
      const version = await nextVersion(tx, caller.organisationId)
      const [row] = await tx
        .update(customers)
        .set({ salonIds: [...existing.salonIds, ...salonIds], version, updatedAt: new Date() })
        .where(tenant(customers, caller, eq(customers.id, existing.id)))
        .returning()
      await touchSalons(tx, caller, salonIds)
      // Joined these branches: their replicas pull the customer's comments (issue 10).
      await reversionCustomerRows(tx, caller, existing.id)
      await auditEmployee(tx, caller, {
        event: 'customerUpdate',
        salonId: salonIds[0],
        customerId: existing.id,
        data: { customerId: existing.id, fields: ['salonIds'], assignExisting: true },
      })
      return { customer: toCustomer(row), created: false }
    }

    // Issue 22: one more customer must fit the plan (counted under the organisation's row lock).
    await assertWithinLimit(tx, caller.organisationId, 'customers')
    // Issue 10: values of live custom fields only, each fitting its field; required ones filled.
    await assertCustomValues(tx, caller, fields.customValues, { requireAll: true })
    const id = givenId ?? uuidv7()
    const version = await nextVersion(tx, caller.organisationId)
    let row: typeof customers.$inferSelect
    try {
      // Savepoint: a unique violation must not poison the surrounding (sync push) transaction.
      ;[row] = await tx.transaction((sp) =>
        sp
          .insert(customers)
          // Created when it happened on the tablet (offline too); the audit keeps both times.
          .values({
            ...fields,
            salonIds,
            id,
            organisationId: caller.organisationId,
            version,
            createdAt: happenedFor(caller).occurredAt,
          })
          .returning(),
      )
    } catch (err) {
      const constraint = uniqueViolation(err)
      if (constraint === 'customers_org_email_uq') throw new AppError('CUSTOMER_EMAIL_TAKEN')
      if (constraint) throw idTaken()
      throw err
    }
    await touchSalons(tx, caller, salonIds)
    // The branch it was created in: the first of its branches (a new customer usually has one).
    await auditEmployee(tx, caller, {
      event: 'customerCreate',
      salonId: salonIds[0],
      customerId: id,
      data: { customerId: id },
    })
    return { customer: toCustomer(row), created: true }
  })
}
