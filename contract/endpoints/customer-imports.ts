import { z } from 'zod'
import {
  ZBulkImport,
  ZBulkImportResult,
  ZCustomerImport,
  ZImportCheck,
  ZImportCheckResult,
  ZUndoImportResult,
} from '../customer-imports'
import { defineEndpoint } from './define'
import { ZOrgParams } from './params'

const tags = ['customers']
export const ZImportParams = ZOrgParams.extend({ id: z.string().uuid() })

/** CSV import of customers (issue 10): existence check, bulk create in chunks, list, undo. */
export const customerImports = {
  /** Which of these e-mails are customers of the organisation already (the dry run). */
  check: defineEndpoint({
    method: 'POST',
    path: '/organisations/:org/customers/imports/check',
    params: ZOrgParams,
    body: ZImportCheck,
    response: ZImportCheckResult,
    action: 'customers.import',
    feature: 'customerImport',
    tags,
  }),
  /** Spec "POST /bulk": one chunk of an import; a resent chunk id answers its stored result. */
  bulk: defineEndpoint({
    method: 'POST',
    path: '/organisations/:org/customers/bulk',
    params: ZOrgParams,
    body: ZBulkImport,
    response: ZBulkImportResult,
    action: 'customers.import',
    feature: 'customerImport',
    tags,
  }),
  /** Recent imports (30 days) into branches the caller may import into. */
  list: defineEndpoint({
    method: 'GET',
    path: '/organisations/:org/customers/imports',
    params: ZOrgParams,
    response: z.array(ZCustomerImport),
    action: 'customers.import',
    tags,
  }),
  /** Within 24 hours: removes the customers the import created, unless something was added to them. */
  undo: defineEndpoint({
    method: 'POST',
    path: '/organisations/:org/customers/imports/:id/undo',
    params: ZImportParams,
    response: ZUndoImportResult,
    action: 'customers.import',
    tags,
  }),
}
