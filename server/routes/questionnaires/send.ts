import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ZSendQuestionnaire, ZSendResult } from '../../../contract/questionnaires'
import { requireEmployee } from '../../auth/guards'
import { createWhatsapp } from '../../integrations/whatsapp'
import { sendQuestionnaire } from '../../services/questionnaires/send'
import { base, tags, ZSalonParams } from './params'

/**
 * POST …/questionnaires/send: one questionnaire to one or many customers (200 with per-customer
 * failures; the others are sent). WhatsApp messages queued by an earlier process resume here.
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  const whatsapp = createWhatsapp({ config: app.config, db: app.db, log: app.log })
  app.addHook('onReady', () => whatsapp.resume())
  app.addHook('onClose', () => whatsapp.close())

  app.post(
    `${base}/send`,
    { schema: { tags, params: ZSalonParams, body: ZSendQuestionnaire, response: { 200: ZSendResult } } },
    async (req) =>
      sendQuestionnaire({
        db: app.db,
        scope: await requireEmployee(req, req.params.org),
        salonId: req.params.salon,
        input: req.body,
        mailer: app.mailer,
        whatsapp,
        publicUrl: app.config.publicUrl,
      }),
  )
}
export default routes
