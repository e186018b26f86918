import { completePhones } from './phones'
import { eq } from 'drizzle-orm'
import type { z } from 'zod'
import type { CustomerSelf as OwnProfile, ZUpdateMe } from '../../../contract/customers'
import type { DbOrTx } from '../../db/client'
import { customers } from '../../db/schema'
import { nextVersion } from '../../db/versions'
import { AppError } from '../../errors'
import type { Caller } from '../../../contract/policy'
import { asCustomer } from '../../auth/caller'
import { notDeleted, tenant } from '../../scope'
import { logActivity } from '../audit'
import { type CustomerRow, toCustomer } from './serialize'

/** Staff notes stay with staff: the customer's own view leaves them out (issue 7 #12). */
const toSelf = (row: CustomerRow): OwnProfile => {
  const { notes: _staffOnly, customValues: _salonOnly, ...self } = toCustomer(row)
  return self
}

type CustomerSelf = { organisationId: string; customerId: string }

async function loadSelf(db: DbOrTx, me: CustomerSelf, forUpdate = false) {
  // A deleted customer's session is worthless: sign-in again will refuse too.
  const q = db
    .select()
    .from(customers)
    .where(tenant(customers, me, eq(customers.id, me.customerId), notDeleted(customers)))
  const [row] = forUpdate ? await q.for('update') : await q
  if (!row) throw new AppError('CUSTOMER_NOT_FOUND')
  return row
}

/** The signed-in customer's own profile (customers only; staff have their own "me"). */
export async function getMe(opts: { caller: Caller; db: DbOrTx }): Promise<OwnProfile> {
  return toSelf(await loadSelf(opts.db, asCustomer(opts.caller)))
}

/**
 * The customer's own profile edit (ZUpdateMe fields only: no e-mail, branches or channels).
 * Synced like any customer write so staff replicas see it.
 */
export async function updateMe(opts: {
  caller: Caller
  db: DbOrTx
  changes: z.output<typeof ZUpdateMe>
}): Promise<OwnProfile> {
  const me = asCustomer(opts.caller)
  const typed = await completePhones(opts.db, me.organisationId, opts.changes)
  const changes = Object.fromEntries(Object.entries(typed).filter(([, v]) => v !== undefined))
  return opts.db.transaction(async (tx) => {
    const row = await loadSelf(tx, me, true)
    if (Object.keys(changes).length === 0) return toSelf(row)
    const [updated] = await tx
      .update(customers)
      .set({ ...changes, version: await nextVersion(tx, me.organisationId), updatedAt: new Date() })
      .where(tenant(customers, me, eq(customers.id, me.customerId)))
      .returning()
    await logActivity(tx, {
      organisationId: me.organisationId,
      customerId: me.customerId,
      type: 'profileUpdate',
      data: { fields: Object.keys(changes) },
    })
    return toSelf(updated)
  })
}
