import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { API } from '../../../contract/endpoints'
import { handle } from '../../http/handle'
import { requestOrigin } from '../../http/origin'
import { myDocuments, respondToDocument } from '../../services/documents/signing/respond'

/** The customer reads and answers their documents: their own area, or the salon's tablet. */
const routes: FastifyPluginAsyncZod = async (app) => {
  handle(app, API.documentResponses.mine, ({ caller, db }) => myDocuments({ db, caller }))
  handle(app, API.documentResponses.respond, ({ caller, db, params, body, req }) =>
    respondToDocument({
      db,
      caller,
      customerId: params.id,
      customerDocumentId: params.docId,
      input: body,
      origin: requestOrigin(req),
    }),
  )
}
export default routes
