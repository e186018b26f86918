import { z } from 'zod'
import {
  ZCreateCustomer,
  ZCustomer,
  ZCustomerConflict,
  ZCustomerEmailLookup,
  ZCustomerExportQuery,
  ZCustomerList,
  ZCustomerListQuery,
  ZCustomerSearch,
  ZCustomerSelf,
  ZCustomerSummary,
  ZHardDeleteResult,
  ZUpdateCustomer,
  ZUpdateCustomerResult,
  ZUpdateMe,
} from '../customers'
import { ZActivitiesQuery, ZCustomerActivity } from '../questionnaires'
import { zEmail } from '../validation'
import { defineEndpoint } from './define'
import { ZConflictParams, ZCustomerParams, ZOrgParams } from './params'

const tags = ['customers']
export const ZCustomerEmailQuery = z.object({ email: zEmail })
/** Pickers: live customers; `includeDeleted` also the soft-deleted ones (issue 10). */
export const ZAllCustomersQuery = z.object({
  salonId: z.string().uuid().optional(),
  includeDeleted: z.stringbool().default(false),
})

/** A customer the caller may not read is not found (the service's loadVisibleCustomer), never a 403. */
const HIDDEN_CUSTOMER = { code: 'CUSTOMER_NOT_FOUND', unless: 'customers.read' } as const

/**
 * /organisations/{org}/customers. Static paths (email, all, search, me, activities) are matched
 * before /{id} by the router.
 */
export const customers = {
  list: defineEndpoint({
    method: 'GET',
    path: '/organisations/:org/customers',
    params: ZOrgParams,
    query: ZCustomerListQuery,
    response: ZCustomerList,
    action: 'customers.read',
    tags,
  }),
  /** The list with the search in a body (long filters). */
  search: defineEndpoint({
    method: 'POST',
    path: '/organisations/:org/customers/search',
    params: ZOrgParams,
    body: ZCustomerSearch,
    response: ZCustomerList,
    action: 'customers.read',
    whenExpired: 'read',
    tags,
  }),
  /** 201 new; 200 with the existing customer (assignExisting). */
  create: defineEndpoint({
    method: 'POST',
    path: '/organisations/:org/customers',
    params: ZOrgParams,
    body: ZCreateCustomer,
    response: ZCustomer,
    status: [200, 201],
    action: 'customers.manage',
    tags,
  }),
  /** Is this e-mail taken in the organisation (and in which readable branches). */
  lookupEmail: defineEndpoint({
    method: 'GET',
    path: '/organisations/:org/customers/email',
    params: ZOrgParams,
    query: ZCustomerEmailQuery,
    response: ZCustomerEmailLookup,
    action: 'customers.read',
    tags,
  }),
  all: defineEndpoint({
    method: 'GET',
    path: '/organisations/:org/customers/all',
    params: ZOrgParams,
    query: ZAllCustomersQuery,
    response: z.array(ZCustomerSummary),
    action: 'customers.read',
    tags,
  }),
  activities: defineEndpoint({
    method: 'GET',
    path: '/organisations/:org/customers/activities',
    params: ZOrgParams,
    query: ZActivitiesQuery,
    response: z.array(ZCustomerActivity),
    action: 'customerActivities.read',
    tags,
  }),
  /** The signed-in customer's own profile (customer session). */
  me: defineEndpoint({
    method: 'GET',
    path: '/organisations/:org/customers/me',
    params: ZOrgParams,
    response: ZCustomerSelf,
    tags,
  }),
  updateMe: defineEndpoint({
    method: 'PUT',
    path: '/organisations/:org/customers/me',
    params: ZOrgParams,
    body: ZUpdateMe,
    response: ZCustomerSelf,
    tags,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/organisations/:org/customers/:id',
    params: ZCustomerParams,
    response: ZCustomer,
    action: 'customers.read',
    hidden: HIDDEN_CUSTOMER,
    tags,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/organisations/:org/customers/:id',
    params: ZCustomerParams,
    body: ZUpdateCustomer,
    response: ZUpdateCustomerResult,
    action: 'customers.manage',
    hidden: HIDDEN_CUSTOMER,
    tags,
  }),
  conflicts: defineEndpoint({
    method: 'GET',
    path: '/organisations/:org/customers/:id/conflicts',
    params: ZCustomerParams,
    response: z.array(ZCustomerConflict),
    action: 'customers.read',
    hidden: HIDDEN_CUSTOMER,
    tags,
  }),
  resolveConflict: defineEndpoint({
    method: 'POST',
    path: '/organisations/:org/customers/:id/conflicts/:conflictId/resolve',
    params: ZConflictParams,
    response: ZCustomerConflict,
    action: 'customers.manage',
    hidden: HIDDEN_CUSTOMER,
    tags,
  }),
  /**
   * Hard delete (spec: "DELETE is a hard delete"; issue 10): irreversible. Needs
   * customers.hardDelete in every branch the customer belongs to; answers what was removed.
   */
  hardDelete: defineEndpoint({
    method: 'DELETE',
    path: '/organisations/:org/customers/:id',
    params: ZCustomerParams,
    response: ZHardDeleteResult,
    action: 'customers.hardDelete',
    hidden: HIDDEN_CUSTOMER,
    // Issue 23: destroys the customer's data for good.
    impersonation: 'blocked',
    tags,
  }),
  /** The customer list (the current filter) as CSV for a spreadsheet, with the custom fields. */
  exportCsv: defineEndpoint({
    method: 'GET',
    path: '/organisations/:org/customers/export',
    params: ZOrgParams,
    query: ZCustomerExportQuery,
    response: z.unknown(),
    format: 'file',
    action: 'customers.export',
    tags,
  }),
  /** GDPR export of one customer: everything stored about them, as a ZIP a person can open. */
  exportGdpr: defineEndpoint({
    method: 'GET',
    path: '/organisations/:org/customers/:id/export',
    params: ZCustomerParams,
    response: z.unknown(),
    format: 'file',
    action: 'customers.export',
    tags,
  }),
}
