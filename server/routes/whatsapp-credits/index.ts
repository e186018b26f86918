import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { API } from '../../../contract/endpoints'
import { handle } from '../../http/handle'
import { billingDepsOf } from '../../services/billing/deps'
import { listCreditOptions, startCreditPayment, toCreditOption } from '../../services/whatsapp-credits/purchase'
import { creditBalance, initializeCreditOptions, listCreditTransactions } from '../../services/whatsapp-credits/read'
import { perIp, perOrganisationPath } from '../auth/limits'
import { acceptFormBodies } from '../subscriptions/form-body'
import { webhook } from '../subscriptions/webhooks'

const W = API.whatsappCredits

/** Spec §7 WhatsApp credits and its payment webhook (server/services/whatsapp-credits/README.md). */
const routes: FastifyPluginAsyncZod = async (app) => {
  acceptFormBodies(app)
  const deps = billingDepsOf(app)

  handle(app, W.options, async ({ db }) => (await listCreditOptions(db)).map(toCreditOption))
  handle(app, W.initializeOptions, ({ caller }) => initializeCreditOptions(deps, caller.organisationId, new Date()))
  handle(app, W.balance, ({ caller }) => creditBalance(deps, caller.organisationId))
  handle(app, W.transactions, ({ caller, db }) => listCreditTransactions(db, caller.organisationId))
  // Like the subscription's payment path: each purchase creates a payment at the provider.
  handle(app, W.creditPayment, ({ caller, body }) => startCreditPayment({ deps, caller, input: body }), {
    config: perIp(60),
    preHandler: perOrganisationPath(app, 'credit-payment', 30),
  })
  // The one webhook pipeline of billing (apply.ts), for this kind.
  handle(app, W.paymentWebhook, (ctx) => webhook(deps, ctx, 'whatsappCredits'), { config: perIp(600) })
}
export default routes
