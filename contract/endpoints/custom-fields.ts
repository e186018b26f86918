import { z } from 'zod'
import { ZCreateCustomField, ZCustomField, ZReorderCustomFields, ZUpdateCustomField } from '../custom-fields'
import { defineEndpoint } from './define'
import { ZOrgRefParams } from './params'

const tags = ['custom-fields']

export const ZCustomFieldParams = ZOrgRefParams.extend({ id: z.string().uuid() })

/**
 * The organisation's custom customer fields (issue 10; the spec's custom fields screen). Read by
 * everyone who reads customers (the drawer shows them), defined with ownOrganisation.
 */
export const customFields = {
  /** The live fields in order (position, then creation). */
  list: defineEndpoint({
    method: 'GET',
    path: '/organisations/:org/custom-fields',
    params: ZOrgRefParams,
    response: z.array(ZCustomField),
    action: 'customFields.read',
    tags,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/organisations/:org/custom-fields',
    params: ZOrgRefParams,
    body: ZCreateCustomField,
    response: ZCustomField,
    status: 201,
    action: 'customFields.manage',
    tags,
  }),
  /** Property name and type are fixed once a customer has a value (CUSTOM_FIELD_IN_USE). */
  update: defineEndpoint({
    method: 'PUT',
    path: '/organisations/:org/custom-fields/:id',
    params: ZCustomFieldParams,
    body: ZUpdateCustomField,
    response: ZCustomField,
    action: 'customFields.manage',
    tags,
  }),
  /** The whole order at once (the screen's up/down): every live field's id, first to last. */
  reorder: defineEndpoint({
    method: 'PUT',
    path: '/organisations/:org/custom-fields/order',
    params: ZOrgRefParams,
    body: ZReorderCustomFields,
    response: z.array(ZCustomField),
    action: 'customFields.manage',
    tags,
  }),
  /** Soft delete: customers keep their values, no screen shows them any more. */
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/organisations/:org/custom-fields/:id',
    params: ZCustomFieldParams,
    response: z.null(),
    status: 204,
    format: 'empty',
    action: 'customFields.manage',
    tags,
  }),
}
