import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { API } from '../../../contract/endpoints'
import { callerOf } from '../../http/caller'
import { fromEndpoint } from '../../http/endpoint'
import { myDocuments, type RequestOrigin, respondToDocument } from '../../services/documents/signing/respond'

/** The customer reads and answers their documents (issue 12): their own area, or the salon's tablet. */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...fromEndpoint(API.documentResponses.mine),
    handler: async (req) => myDocuments({ db: app.db, caller: await callerOf(req) }),
  })
  app.route({
    ...fromEndpoint(API.documentResponses.respond),
    handler: async (req) =>
      respondToDocument({
        db: app.db,
        caller: await callerOf(req),
        customerId: req.params.id,
        customerDocumentId: req.params.docId,
        input: req.body,
        origin: {
          dataDir: app.config.dataDir,
          ipAddress: req.ip,
          userAgent: req.headers['user-agent'] ?? null,
        } satisfies RequestOrigin,
      }),
  })
}
export default routes
