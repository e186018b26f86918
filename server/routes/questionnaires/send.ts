import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { API } from '../../../contract/endpoints'
import { handle } from '../../http/handle'
import { sendQuestionnaire } from '../../services/questionnaires/send'
import { createWhatsappSender } from '../../services/whatsapp-credits/sender'
import { USAGE_LIMITS, usageCounter, usageLimit } from '../usage-limits'

/**
 * POST …/questionnaires/send: one questionnaire to one or many customers (200 with per-customer
 * failures; the others are sent). WhatsApp messages queued by an earlier process resume here.
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  const whatsapp = createWhatsappSender(app)
  app.addHook('onReady', () => whatsapp.resume())
  app.addHook('onClose', () => whatsapp.close())
  const sends = usageLimit(app, USAGE_LIMITS.sendsPerOrganisation)
  const orgMessages = usageCounter(app, USAGE_LIMITS.messagesPerOrganisation)
  const customerMessages = usageCounter(app, USAGE_LIMITS.messagesPerCustomer)

  handle(app, API.questionnaires.send, async ({ caller, db, config, params, body, req }) =>
    sendQuestionnaire({
      db,
      caller,
      salonId: params.salon,
      input: body,
      mailer: app.mailer,
      whatsapp,
      publicUrl: config.publicUrl,
      spendCall: () => sends(req, `send:${caller.organisationId}`),
      mayMessage: async (customerId) =>
        (await customerMessages(req, `message:${caller.organisationId}:${customerId}`)) &&
        (await orgMessages(req, `messages:${caller.organisationId}`)),
    }),
  )
}
export default routes
