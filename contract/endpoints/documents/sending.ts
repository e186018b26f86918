import { z } from 'zod'
import { ZCustomerDocument } from '../../documents'
import {
  ZBulkSendDocument,
  ZBulkSendResult,
  ZCustomerDocumentList,
  ZDocumentSendScope,
  ZReconsentSend,
  ZSendDocument,
} from '../../documents/send'
import { defineEndpoint } from '../define'
import { ZCustomerParams, ZOrgParams } from '../params'

const tags = ['customerDocuments']

/** `…/customers/{id}/documents/{docId}`: one document sent to the customer. */
export const ZCustomerDocumentParams = ZCustomerParams.extend({ docId: z.string().uuid() })

/**
 * Documents and consent forms sent to customers (issue 12; spec "GET and POST /{id}/documents,
 * PUT and DELETE /{id}/documents/{docId}" — the PUT is the customer's answer, defined with the
 * signing). Every call names the branch acted in (`?salonId=`), where the customer must be.
 */
export const customerDocuments = {
  /** The customer's documents, newest first, with status and evidence summary. */
  list: defineEndpoint({
    method: 'GET',
    path: '/organisations/:org/customers/:id/documents',
    params: ZCustomerParams,
    query: ZDocumentSendScope,
    response: ZCustomerDocumentList,
    action: 'customerDocuments.read',
    tags,
  }),
  /** Send one document (its current version); 201 new, 200 when the same send arrives again. */
  send: defineEndpoint({
    method: 'POST',
    path: '/organisations/:org/customers/:id/documents',
    params: ZCustomerParams,
    query: ZDocumentSendScope,
    body: ZSendDocument,
    response: ZCustomerDocument,
    status: [200, 201],
    action: 'customerDocuments.send',
    feature: 'documents',
    tags,
  }),
  /** A tombstone: replicas drop it at their next sync. Never an accepted consent form. */
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/organisations/:org/customers/:id/documents/:docId',
    params: ZCustomerDocumentParams,
    query: ZDocumentSendScope,
    response: z.undefined(),
    status: 204,
    format: 'empty',
    action: 'customerDocuments.delete',
    feature: 'documents',
    tags,
  }),
  /** One document to many customers (the customer list's selection); per-customer outcomes. */
  bulkSend: defineEndpoint({
    method: 'POST',
    path: '/organisations/:org/customers/documents/send',
    params: ZOrgParams,
    query: ZDocumentSendScope,
    body: ZBulkSendDocument,
    response: ZBulkSendResult,
    action: 'customerDocuments.send',
    feature: 'documents',
    tags,
  }),
  /** A consent form's current version to every customer of the branch who needs new consent. */
  reconsent: defineEndpoint({
    method: 'POST',
    path: '/organisations/:org/documents/:id/reconsent',
    params: ZCustomerParams,
    query: ZDocumentSendScope,
    body: ZReconsentSend,
    response: ZBulkSendResult,
    action: 'customerDocuments.send',
    feature: 'documents',
    tags,
  }),
}
