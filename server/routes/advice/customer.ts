import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { API } from '../../../contract/endpoints'
import { handle } from '../../http/handle'
import {
  markNotificationSeen,
  myAdvice,
  myNotifications,
  notifyAdvice,
  staffCustomerAdvice,
} from '../../services/advice/customer-advice'
import { createWhatsappSender } from '../../services/whatsapp-credits/sender'
import { USAGE_LIMITS, usageLimit } from '../usage-limits'

/**
 * A customer's advice. The notification is bounded per customer (a slip never floods their
 * inbox) and per organisation, like questionnaire messages. Its WhatsApp outbox shares the
 * questionnaire send's rows; deliveries claim their row, so no message goes twice.
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  const whatsapp = createWhatsappSender(app)
  app.addHook('onClose', () => whatsapp.close())
  const perCustomer = usageLimit(app, USAGE_LIMITS.messagesPerCustomer)
  const perOrganisation = usageLimit(app, USAGE_LIMITS.messagesPerOrganisation)
  const C = API.customerAdvice

  handle(app, C.forCustomer, ({ caller, db, params }) =>
    staffCustomerAdvice({ db, caller, salonId: params.salon, customerId: params.id }),
  )
  handle(app, C.mine, ({ caller, db }) => myAdvice({ db, caller }))
  handle(app, C.notify, ({ caller, db, config, params, body, req }) =>
    notifyAdvice({
      db,
      caller,
      customerId: params.id,
      channel: body.channel,
      mailer: app.mailer,
      whatsapp,
      publicUrl: config.publicUrl,
      // Counted once the caller may notify this customer: a stranger cannot spend the budget.
      spend: async () => {
        await perCustomer(req, `advice:${caller.organisationId}:${params.id}`)
        await perOrganisation(req, `messages:${caller.organisationId}`)
      },
    }),
  )
  handle(app, C.myNotifications, ({ caller, db }) => myNotifications({ db, caller }))
  handle(app, C.seen, ({ caller, db, params }) => markNotificationSeen({ db, caller, id: params.id }))
}
export default routes
