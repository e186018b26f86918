import { uniqueViolation } from '../../db/errors'
import { and, eq, isNull, sql } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import type { z } from 'zod'
import {
  type CustomField,
  optionProblems,
  type ZCreateCustomField,
  type ZUpdateCustomField,
} from '../../../contract/custom-fields'
import { authorize, employeeIdOf, type TenantCaller } from '../../auth/caller'
import type { Db, DbOrTx } from '../../db/client'
import { customFields } from '../../db/schema'
import { nextVersion } from '../../db/versions'
import { AppError, fieldError, validationError } from '../../errors'
import { tenant } from '../../scope'
import { audit } from '../audit'
import { liveCustomFields, loadCustomField, propertyInUse, toCustomField } from './read'

type CreateInput = z.output<typeof ZCreateCustomField>
type UpdateInput = z.output<typeof ZUpdateCustomField>

/*
 * Custom field definitions are organisation settings (spec: "custom fields" next to roles and
 * organisation settings), so their audit entries are `organisationUpdate` with
 * `data.customField` saying what happened ('create' | 'update' | 'delete' | 'reorder').
 *
 * A deleted field is soft-deleted (`deleted_at`): customers keep their values, no screen shows
 * them. A new field may later take the same property name: the unique index covers live fields
 * only, and the values still stored under that name then belong to the new field — shown only
 * where they fit its type (isCustomValueOf), so deleting and re-creating a field brings its
 * values back. Type and name changes are refused while values exist (CUSTOM_FIELD_IN_USE).
 */

const auditField = (tx: DbOrTx, caller: TenantCaller, data: Record<string, unknown>) =>
  audit(tx, {
    organisationId: caller.organisationId,
    actorKind: 'employee',
    actorId: employeeIdOf(caller),
    event: 'organisationUpdate',
    data,
  })

/** Options are kept only for choice fields (trimmed); other types store none. */
const optionsFor = (type: string, options: readonly string[]) => (type === 'option' ? options.map((o) => o.trim()) : [])

async function assertPropertyFree(tx: DbOrTx, caller: TenantCaller, propertyName: string, exceptId?: string) {
  const [taken] = await tx
    .select({ id: customFields.id })
    .from(customFields)
    .where(
      tenant(
        customFields,
        caller,
        isNull(customFields.deletedAt),
        // The same name in another case would be a second CSV column of one name: taken too.
        sql`lower(${customFields.propertyName}) = lower(${propertyName})`,
        exceptId ? sql`${customFields.id} <> ${exceptId}` : undefined,
      ),
    )
  if (taken) throw new AppError('CUSTOM_FIELD_PROPERTY_TAKEN')
}

export async function createCustomField(opts: {
  db: Db
  caller: TenantCaller
  input: CreateInput
}): Promise<CustomField> {
  const { db, caller, input } = opts
  authorize(caller, 'customFields.manage')
  const id = uuidv7()
  try {
    await db.transaction(async (tx) => {
      // Takes the organisation row first (nextVersion): two creates of one name take turns.
      const version = await nextVersion(tx, caller.organisationId)
      await assertPropertyFree(tx, caller, input.propertyName)
      const live = await liveCustomFields(tx, caller)
      const position = input.position ?? (live.length ? Math.max(...live.map((f) => f.position)) + 1 : 0)
      await tx.insert(customFields).values({
        id,
        organisationId: caller.organisationId,
        displayName: input.displayName,
        propertyName: input.propertyName,
        type: input.type,
        options: optionsFor(input.type, input.options),
        required: input.required,
        position,
        version,
      })
      await auditField(tx, caller, {
        customField: 'create',
        customFieldId: id,
        propertyName: input.propertyName,
        type: input.type,
      })
    })
  } catch (err) {
    if (uniqueViolation(err) === 'custom_fields_org_property_uq') throw new AppError('CUSTOM_FIELD_PROPERTY_TAKEN')
    throw err
  }
  return toCustomField(await loadCustomField(db, caller, id))
}

export async function updateCustomField(opts: {
  db: Db
  caller: TenantCaller
  id: string
  patch: UpdateInput
}): Promise<CustomField> {
  const { db, caller, id, patch } = opts
  authorize(caller, 'customFields.manage')
  try {
    await db.transaction(async (tx) => {
      const version = await nextVersion(tx, caller.organisationId)
      const before = await loadCustomField(tx, caller, id, true)
      const type = patch.type ?? (before.type as CustomField['type'])
      const options = patch.options ?? before.options
      const problems = optionProblems(type, options)
      if (problems.length) throw validationError(problems.map((p) => fieldError(p.path, p.code)))
      const renamed = patch.propertyName !== undefined && patch.propertyName !== before.propertyName
      const retyped = patch.type !== undefined && patch.type !== before.type
      if (renamed) await assertPropertyFree(tx, caller, patch.propertyName!, id)
      if ((renamed || retyped) && (await propertyInUse(tx, caller, before.propertyName)))
        throw new AppError('CUSTOM_FIELD_IN_USE')
      const changed = (Object.keys(patch) as (keyof UpdateInput)[]).filter(
        (k) => patch[k] !== undefined && JSON.stringify(patch[k]) !== JSON.stringify(before[k]),
      )
      await tx
        .update(customFields)
        .set({
          ...(patch.displayName !== undefined ? { displayName: patch.displayName } : {}),
          ...(patch.propertyName !== undefined ? { propertyName: patch.propertyName } : {}),
          ...(patch.required !== undefined ? { required: patch.required } : {}),
          ...(patch.position !== undefined ? { position: patch.position } : {}),
          type,
          options: optionsFor(type, options),
          version,
          updatedAt: new Date(),
        })
        .where(tenant(customFields, caller, eq(customFields.id, id)))
      await auditField(tx, caller, { customField: 'update', customFieldId: id, fields: changed })
    })
  } catch (err) {
    if (uniqueViolation(err) === 'custom_fields_org_property_uq') throw new AppError('CUSTOM_FIELD_PROPERTY_TAKEN')
    throw err
  }
  return toCustomField(await loadCustomField(db, caller, id))
}

/** Sets every live field's position from `ids` (first to last); unknown ids are a 404. */
export async function reorderCustomFields(opts: {
  db: Db
  caller: TenantCaller
  ids: string[]
}): Promise<CustomField[]> {
  const { db, caller } = opts
  authorize(caller, 'customFields.manage')
  const ids = [...new Set(opts.ids)]
  await db.transaction(async (tx) => {
    await nextVersion(tx, caller.organisationId) // the organisation row: reorders take turns
    const live = await liveCustomFields(tx, caller)
    const known = new Set(live.map((f) => f.id))
    if (ids.some((x) => !known.has(x))) throw new AppError('CUSTOM_FIELD_NOT_FOUND')
    // Fields the list did not name (made meanwhile on another device) keep their order, after these.
    const order = [...ids, ...live.map((f) => f.id).filter((x) => !ids.includes(x))]
    for (const [position, fieldId] of order.entries()) {
      const f = live.find((x) => x.id === fieldId)!
      if (f.position === position) continue
      await tx
        .update(customFields)
        .set({ position, version: await nextVersion(tx, caller.organisationId), updatedAt: new Date() })
        .where(tenant(customFields, caller, eq(customFields.id, fieldId)))
    }
    await auditField(tx, caller, { customField: 'reorder', customFieldIds: order })
  })
  return liveCustomFields(db, caller)
}

/** Soft delete (a tombstone for the replicas); the customers' values stay where they are. */
export async function deleteCustomField(opts: { db: Db; caller: TenantCaller; id: string }): Promise<void> {
  const { db, caller, id } = opts
  authorize(caller, 'customFields.manage')
  await db.transaction(async (tx) => {
    const version = await nextVersion(tx, caller.organisationId)
    const before = await loadCustomField(tx, caller, id, true)
    await tx
      .update(customFields)
      .set({ deletedAt: new Date(), version, updatedAt: new Date() })
      .where(tenant(customFields, caller, and(eq(customFields.id, id), isNull(customFields.deletedAt))))
    await auditField(tx, caller, { customField: 'delete', customFieldId: id, propertyName: before.propertyName })
  })
}
