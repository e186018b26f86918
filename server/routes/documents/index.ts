import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { API } from '../../../contract/endpoints'
import { callerOf } from '../../http/caller'
import { fromEndpoint } from '../../http/endpoint'
import { listDocuments, listDocumentVersions } from '../../services/documents/admin/read'
import { createDocument, updateDocument } from '../../services/documents/admin/write'

/**
 * The organisation's documents and consent forms (issue 12): /organisations/{org}/documents.
 * The PDF upload lives with the other uploads (routes/uploads, POST …/upload/pdf).
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  const D = API.documents
  app.route({
    ...fromEndpoint(D.list),
    handler: async (req) =>
      listDocuments({ db: app.db, caller: await callerOf(req), includeArchived: req.query.includeArchived }),
  })
  app.route({
    ...fromEndpoint(D.create),
    handler: async (req, reply) =>
      reply.code(201).send(
        await createDocument({
          db: app.db,
          caller: await callerOf(req),
          dataDir: app.config.dataDir,
          input: req.body,
        }),
      ),
  })
  app.route({
    ...fromEndpoint(D.update),
    handler: async (req) =>
      updateDocument({
        db: app.db,
        caller: await callerOf(req),
        dataDir: app.config.dataDir,
        id: req.params.id,
        input: req.body,
      }),
  })
  app.route({
    ...fromEndpoint(D.versions),
    handler: async (req) => listDocumentVersions({ db: app.db, caller: await callerOf(req), id: req.params.id }),
  })
}
export default routes
