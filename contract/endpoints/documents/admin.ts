import { z } from 'zod'
import { ZDocumentVersion } from '../../documents'
import {
  ZCreateDocument,
  ZDocumentDetail,
  ZDocumentListItem,
  ZDocumentListQuery,
  ZUpdateDocument,
} from '../../documents/requests'
import { defineEndpoint } from '../define'
import { ZOrgParams } from '../params'

const tags = ['documents']
const base = '/organisations/:org/documents'
export const ZDocumentParams = ZOrgParams.extend({ id: z.string().uuid() })

/**
 * The organisation's documents and consent forms (issue 12; spec manageDocuments). Read by
 * whoever reads documents (the send dialog, the tablet), changed online with documents.manage.
 * A change of content writes a new immutable version; nothing is ever deleted (a consent form
 * never, an information document is archived).
 */
export const documents = {
  /** Kind, current version, versions count and how many were sent / seen / accepted / declined. */
  list: defineEndpoint({
    method: 'GET',
    path: base,
    params: ZOrgParams,
    query: ZDocumentListQuery,
    response: z.array(ZDocumentListItem),
    action: 'documents.read',
    tags,
  }),
  /** The document with its version 1 (content hashed: SHA-256 of the canonical content). */
  create: defineEndpoint({
    method: 'POST',
    path: base,
    params: ZOrgParams,
    body: ZCreateDocument,
    response: ZDocumentDetail,
    status: 201,
    action: 'documents.manage',
    feature: 'documents',
    tags,
  }),
  /** A new version when name, text or PDF change; archive or bring back an information document. */
  update: defineEndpoint({
    method: 'PUT',
    path: `${base}/:id`,
    params: ZDocumentParams,
    body: ZUpdateDocument,
    response: ZDocumentDetail,
    action: 'documents.manage',
    feature: 'documents',
    tags,
  }),
  /** Every version of a document, newest first (the editor's history). */
  versions: defineEndpoint({
    method: 'GET',
    path: `${base}/:id/versions`,
    params: ZDocumentParams,
    response: z.array(ZDocumentVersion),
    action: 'documents.read',
    tags,
  }),
}
