import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ZCreateShortcut, ZShortcutLink } from '../../../contract/questionnaires'
import { callerOf } from '../../http/caller'
import { createShortcutLink } from '../../services/shortcuts'
import { base, tags, ZItemParams } from './params'

/**
 * POST …/questionnaires/{id}/shortcuts {customerId}: the short link that opens this questionnaire
 * for one customer (what a sent message carries; staff may also copy it).
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    `${base}/:id/shortcuts`,
    { schema: { tags, params: ZItemParams, body: ZCreateShortcut, response: { 200: ZShortcutLink } } },
    async (req) =>
      createShortcutLink({
        db: app.db,
        caller: await callerOf(req),
        salonId: req.params.salon,
        questionnaireId: req.params.id,
        customerId: req.body.customerId,
        publicUrl: app.config.publicUrl,
      }),
  )
}
export default routes
