import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { API } from '../../../contract/endpoints'
import { callerOf } from '../../http/caller'
import { fromEndpoint } from '../../http/endpoint'
import { createWhatsapp } from '../../integrations/whatsapp'
import {
  markNotificationSeen,
  myAdvice,
  myNotifications,
  notifyAdvice,
  staffCustomerAdvice,
} from '../../services/advice/customer-advice'
import { USAGE_LIMITS, usageLimit } from '../usage-limits'

/**
 * A customer's advice (issue 11). The notification is bounded per customer (a slip never floods
 * their inbox) and per organisation, like questionnaire messages. Its WhatsApp outbox shares the
 * questionnaire send's rows; deliveries claim their row, so no message goes twice.
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  const whatsapp = createWhatsapp({ config: app.config, db: app.db, log: app.log })
  app.addHook('onClose', () => whatsapp.close())
  const perCustomer = usageLimit(app, USAGE_LIMITS.messagesPerCustomer)
  const perOrganisation = usageLimit(app, USAGE_LIMITS.messagesPerOrganisation)

  app.route({
    ...fromEndpoint(API.customerAdvice.forCustomer),
    handler: async (req) =>
      staffCustomerAdvice({
        db: app.db,
        caller: await callerOf(req),
        salonId: req.params.salon,
        customerId: req.params.id,
      }),
  })
  app.route({
    ...fromEndpoint(API.customerAdvice.mine),
    handler: async (req) => myAdvice({ db: app.db, caller: await callerOf(req) }),
  })
  app.route({
    ...fromEndpoint(API.customerAdvice.notify),
    handler: async (req) => {
      const caller = await callerOf(req)
      return notifyAdvice({
        db: app.db,
        caller,
        customerId: req.params.id,
        channel: req.body.channel,
        mailer: app.mailer,
        whatsapp,
        publicUrl: app.config.publicUrl,
        // Counted once the caller may notify this customer: a stranger cannot spend the budget.
        spend: async () => {
          await perCustomer(req, `advice:${caller.organisationId}:${req.params.id}`)
          await perOrganisation(req, `messages:${caller.organisationId}`)
        },
      })
    },
  })
  app.route({
    ...fromEndpoint(API.customerAdvice.myNotifications),
    handler: async (req) => myNotifications({ db: app.db, caller: await callerOf(req) }),
  })
  app.route({
    ...fromEndpoint(API.customerAdvice.seen),
    handler: async (req) => markNotificationSeen({ db: app.db, caller: await callerOf(req), id: req.params.id }),
  })
}
export default routes
