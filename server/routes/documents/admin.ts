import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { API } from '../../../contract/endpoints'
import { handle } from '../../http/handle'
import { listDocuments, listDocumentVersions } from '../../services/documents/admin/read'
import { createDocument, updateDocument } from '../../services/documents/admin/write'

/** The organisation's documents and consent forms: /organisations/{org}/documents. */
const routes: FastifyPluginAsyncZod = async (app) => {
  const D = API.documents
  handle(app, D.list, ({ caller, db, query }) => listDocuments({ db, caller, includeArchived: query.includeArchived }))
  handle(app, D.create, ({ caller, db, storage, body }) => createDocument({ db, caller, storage, input: body }))
  handle(app, D.update, ({ caller, db, storage, params, body }) =>
    updateDocument({ db, caller, storage, id: params.id, input: body }),
  )
  handle(app, D.versions, ({ caller, db, params }) => listDocumentVersions({ db, caller, id: params.id }))
}
export default routes
