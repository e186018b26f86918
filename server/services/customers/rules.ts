import type { CustomerFields } from '../../../contract/customers'
import type { FieldError } from '../../../contract/errors'
import { fieldError, validationError } from '../../errors'

/** Fields whose value is a set: order carries no meaning, so [a,b] equals [b,a]. */
const SET_FIELDS = new Set(['salonIds', 'allowedMessagingTypes'])

const norm = (field: string, v: unknown): unknown => {
  if (v === undefined || v === '') return null
  if (Array.isArray(v) && SET_FIELDS.has(field)) return [...new Set(v.map(String))].sort()
  return v
}

/** Field equality as the merge sees it (deep for arrays, order-insensitive for sets). */
export function sameValue(field: string, a: unknown, b: unknown): boolean {
  return JSON.stringify(norm(field, a)) === JSON.stringify(norm(field, b))
}

/**
 * Rules on the row as a whole, checked after a create or a merge so a partial edit cannot leave
 * an inconsistent customer (e.g. a default channel the customer does not accept).
 */
export function assertValidCustomer(
  c: Pick<CustomerFields, 'salonIds' | 'defaultMessagingType' | 'allowedMessagingTypes'>,
) {
  const fields: FieldError[] = []
  if (c.salonIds.length === 0) fields.push(fieldError('salonIds', 'branch'))
  if (c.allowedMessagingTypes.length === 0) fields.push(fieldError('allowedMessagingTypes', 'required'))
  else if (!c.allowedMessagingTypes.includes(c.defaultMessagingType))
    fields.push(fieldError('defaultMessagingType', 'customer.notificationType'))
  if (fields.length) throw validationError(fields)
}
