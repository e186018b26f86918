import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { API } from '../../../contract/endpoints'
import { handle } from '../../http/handle'
import { createShortcutLink } from '../../services/shortcuts'

/**
 * POST …/questionnaires/{id}/shortcuts {customerId}: the short link that opens this questionnaire
 * for one customer (what a sent message carries; staff may also copy it).
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  handle(app, API.questionnaires.createShortcut, ({ caller, db, config, params, body }) =>
    createShortcutLink({
      db,
      caller,
      salonId: params.salon,
      questionnaireId: params.id,
      customerId: body.customerId,
      publicUrl: config.publicUrl,
    }),
  )
}
export default routes
