import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm'
import type { CustomField, CustomFieldType } from '../../../contract/custom-fields'
import { authorize, type TenantCaller } from '../../auth/caller'
import type { DbOrTx } from '../../db/client'
import { customers, customFields } from '../../db/schema'
import { AppError } from '../../errors'
import { tenant } from '../../scope'

type Row = typeof customFields.$inferSelect

export function toCustomField(r: Row): CustomField {
  return {
    id: r.id,
    organisationId: r.organisationId,
    displayName: r.displayName,
    propertyName: r.propertyName,
    type: r.type as CustomFieldType,
    options: r.options,
    required: r.required,
    position: r.position,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    version: r.version,
  }
}

/** The order every screen shows: position, then creation (uuid v7 ids sort by time). */
const ordered = [asc(customFields.position), asc(customFields.id)]

/**
 * The organisation's live fields in order, without a permission check: the customer service
 * checks customValues against them for whoever may manage customers (server/services/customers).
 */
export async function liveCustomFields(db: DbOrTx, scope: { organisationId: string }): Promise<CustomField[]> {
  const rows = await db
    .select()
    .from(customFields)
    .where(tenant(customFields, scope, isNull(customFields.deletedAt)))
    .orderBy(...ordered)
  return rows.map(toCustomField)
}

/** GET …/custom-fields: everyone who reads customers (the drawer shows them). */
export function listCustomFields(opts: { db: DbOrTx; caller: TenantCaller }): Promise<CustomField[]> {
  authorize(opts.caller, 'customFields.read')
  return liveCustomFields(opts.db, opts.caller)
}

/** One live field of the caller's organisation; another organisation's or a deleted one is 404. */
export async function loadCustomField(db: DbOrTx, caller: TenantCaller, id: string, forUpdate = false): Promise<Row> {
  const q = db
    .select()
    .from(customFields)
    .where(tenant(customFields, caller, eq(customFields.id, id), isNull(customFields.deletedAt)))
  const [row] = forUpdate ? await q.for('update') : await q
  if (!row) throw new AppError('CUSTOM_FIELD_NOT_FOUND')
  return row
}

/**
 * Fields changed after `since` in version order (the sync feed, which checks customFields.read
 * itself). From 0 live fields only; later, deleted ones come as tombstones.
 */
export function changedCustomFields(db: DbOrTx, caller: TenantCaller, since: number, limit: number): Promise<Row[]> {
  return db
    .select()
    .from(customFields)
    .where(tenant(customFields, caller, since === 0 ? isNull(customFields.deletedAt) : gt(customFields.version, since)))
    .orderBy(asc(customFields.version))
    .limit(limit)
}

/**
 * Does any customer (removed ones aside) hold a value under this property name? Then the name
 * and type are fixed: changing them would strand or misread those values.
 */
export async function propertyInUse(db: DbOrTx, scope: { organisationId: string }, propertyName: string) {
  const [row] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(tenant(customers, scope, and(isNull(customers.deletedAt), sql`${customers.customValues} ? ${propertyName}`)))
    .limit(1)
  return !!row
}
