import {
  ZDeleteOrganisationQuery,
  ZGlobalAuditPage,
  ZGlobalAuditQuery,
  ZGlobalInvoiceParams,
  ZGlobalOrganisationDetail,
  ZGlobalOrganisationPage,
  ZGlobalOrganisationParams,
  ZGlobalOrganisationsQuery,
  ZGlobalUpdateOrganisation,
  ZSuspendOrganisation,
} from '../global-organisations'
import { z } from 'zod'
import { defineEndpoint } from './define'

const tags = ['global']
const action = 'platform.manage'

/**
 * Issue 23: the global administrators' calls about organisations (spec §7 "Global organisations":
 * GET and PUT /global/organisations, DELETE /global/organisations/{id}; the rest are ours). Only
 * global admins (`platform.manage`); employees and customers are refused (403).
 */
export const globalOrganisations = {
  /** Searched (name, web address, an employee's e-mail) and filtered by status, paged. */
  list: defineEndpoint({
    method: 'GET',
    path: '/global/organisations',
    query: ZGlobalOrganisationsQuery,
    response: ZGlobalOrganisationPage,
    action,
    tags,
  }),
  /** One organisation with its usage, branches, employees, payments and invoices. */
  get: defineEndpoint({
    method: 'GET',
    path: '/global/organisations/:id',
    params: ZGlobalOrganisationParams,
    response: ZGlobalOrganisationDetail,
    action,
    tags,
  }),
  /** The organisation's details corrected (the body names it: the spec's path has no id). */
  update: defineEndpoint({
    method: 'PUT',
    path: '/global/organisations',
    body: ZGlobalUpdateOrganisation,
    response: ZGlobalOrganisationDetail,
    action,
    tags,
  }),
  /** Read-only for its users until reactivated (like an expired subscription), with a reason. */
  suspend: defineEndpoint({
    method: 'POST',
    path: '/global/organisations/:id/suspend',
    params: ZGlobalOrganisationParams,
    body: ZSuspendOrganisation,
    response: ZGlobalOrganisationDetail,
    action,
    tags,
  }),
  reactivate: defineEndpoint({
    method: 'POST',
    path: '/global/organisations/:id/reactivate',
    params: ZGlobalOrganisationParams,
    response: ZGlobalOrganisationDetail,
    action,
    tags,
  }),
  /** Everything of the organisation as one JSON file: downloaded before deleting it. */
  exportData: defineEndpoint({
    method: 'GET',
    path: '/global/organisations/:id/export',
    params: ZGlobalOrganisationParams,
    response: z.unknown(),
    format: 'file',
    action,
    tags,
  }),
  /** An invoice (or credit note) of the organisation as PDF, as its owner downloads it. */
  downloadInvoice: defineEndpoint({
    method: 'GET',
    path: '/global/organisations/:id/invoices/:invoiceId',
    params: ZGlobalInvoiceParams,
    response: z.unknown(),
    format: 'file',
    action,
    tags,
  }),
  /**
   * Soft delete with a typed confirmation (`confirm`: the exact company name), refused while a
   * subscription is active or unpaid; the data is purged after ORGANISATION_RETENTION_DAYS.
   */
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/global/organisations/:id',
    params: ZGlobalOrganisationParams,
    query: ZDeleteOrganisationQuery,
    response: ZGlobalOrganisationDetail,
    action,
    tags,
  }),
}

/** Issue 23: the platform audit — who did what, in every organisation and in the global area. */
export const globalAudit = {
  list: defineEndpoint({
    method: 'GET',
    path: '/global/audit',
    query: ZGlobalAuditQuery,
    response: ZGlobalAuditPage,
    action,
    tags,
  }),
}
