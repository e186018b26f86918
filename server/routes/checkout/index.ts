import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { API } from '../../../contract/endpoints'
import { AppError } from '../../errors'
import { handle } from '../../http/handle'
import { isSandbox } from '../../integrations/payments'
import { FINAL_PAYMENT_STATUSES } from '../../integrations/payments/port'
import { assertLocalRequest } from '../dev/local-only'
import { acceptFormBodies } from '../subscriptions/form-body'

/**
 * The sandbox's checkout choice (no MOLLIE_API_KEY): the payer picks paid, failed, canceled or
 * expired on /dev/checkout/<id> (routes/dev/checkout-page.ts); the sandbox then calls our webhook
 * exactly as Mollie does. A form post (the page, no script) is sent on to the payment's return
 * page (303); a JSON call (tests, e2e) gets 204. Only from this machine, like the dev mailbox:
 * an installation left without a Mollie key does not hand out free subscriptions.
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  const payments = app.payments
  if (!isSandbox(payments)) return
  acceptFormBodies(app)
  handle(app, API.checkout.choose, async ({ params, body, req, reply }) => {
    assertLocalRequest(req)
    const payment = await payments.getPayment(params.id).catch(() => null)
    if (!payment) throw new AppError('PAYMENT_NOT_FOUND')
    // A second click (or the back button) on a settled payment changes nothing: on to the return page.
    if (!(FINAL_PAYMENT_STATUSES as readonly string[]).includes(payment.status))
      await payments.choose(params.id, body.status)
    const { redirectUrl } = payments.state.getPayment(params.id)
    const isForm = (req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')
    if (isForm && redirectUrl) return reply.redirect(redirectUrl, 303)
    return reply.code(204).send()
  })
}
export default routes
