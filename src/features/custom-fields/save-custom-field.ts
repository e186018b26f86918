import type { CreateCustomField, CustomField, UpdateCustomField } from '../../../contract/custom-fields'
import { API } from '../../api/client'
import { apiCall } from '../../api/transport'
import type { ReplicaDb } from '../../local-db/db'
import { pingSync } from '../../local-db/mutations'
import { getSession } from '../auth/session'
import { sameValues } from '../../ui/form/form-values'

/*
 * Custom fields are defined online only (REST), like roles: the definitions decide what every
 * tablet's drawer accepts, so the server settles each change at once. The answer goes into the
 * replica straight away and a sync is started, so the other tablets follow.
 */

function auth() {
  const session = getSession('employee')
  if (!session) throw new Error('not signed in')
  return { org: session.employee.organisationId }
}

/** What an edit changes (null: nothing), so an untouched property name never meets CUSTOM_FIELD_IN_USE. */
export function customFieldPatch(field: CustomField, input: CreateCustomField): UpdateCustomField | null {
  const patch: UpdateCustomField = {}
  if (input.displayName !== field.displayName) patch.displayName = input.displayName
  if (input.propertyName !== field.propertyName) patch.propertyName = input.propertyName
  if (input.type !== field.type) patch.type = input.type
  const options = input.type === 'option' ? (input.options ?? []) : []
  if (!sameValues(options, field.options)) patch.options = options
  if ((input.required ?? false) !== field.required) patch.required = input.required ?? false
  return Object.keys(patch).length ? patch : null
}

export async function saveCustomField(opts: {
  field: CustomField | null
  input: CreateCustomField
  db: ReplicaDb | undefined
}): Promise<CustomField | undefined> {
  const { org } = auth()
  let saved: CustomField
  if (!opts.field) saved = await apiCall(API.customFields.create, { params: { org }, body: opts.input })
  else {
    const patch = customFieldPatch(opts.field, opts.input)
    if (!patch) return undefined
    saved = await apiCall(API.customFields.update, { params: { org, id: opts.field.id }, body: patch })
  }
  if (opts.db) {
    await opts.db.customFields.put(saved)
    pingSync(opts.db)
  }
  return saved
}

/** The whole order at once (the list's up and down). */
export async function reorderCustomFields(ids: string[], db: ReplicaDb | undefined) {
  const { org } = auth()
  const fields = await apiCall(API.customFields.reorder, { params: { org }, body: { ids } })
  if (db) {
    await db.customFields.bulkPut(fields)
    pingSync(db)
  }
  return fields
}

export async function deleteCustomField(id: string, db: ReplicaDb | undefined) {
  const { org } = auth()
  await apiCall(API.customFields.remove, { params: { org, id } })
  if (db) {
    await db.customFields.delete(id)
    pingSync(db)
  }
}
