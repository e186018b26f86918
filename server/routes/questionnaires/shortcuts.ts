import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { API } from '../../../contract/endpoints'
import { callerOf } from '../../http/caller'
import { fromEndpoint } from '../../http/endpoint'
import { createShortcutLink } from '../../services/shortcuts'

/**
 * POST …/questionnaires/{id}/shortcuts {customerId}: the short link that opens this questionnaire
 * for one customer (what a sent message carries; staff may also copy it).
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...fromEndpoint(API.questionnaires.createShortcut),
    handler: async (req) =>
      createShortcutLink({
        db: app.db,
        caller: await callerOf(req),
        salonId: req.params.salon,
        questionnaireId: req.params.id,
        customerId: req.body.customerId,
        publicUrl: app.config.publicUrl,
      }),
  })
}
export default routes
