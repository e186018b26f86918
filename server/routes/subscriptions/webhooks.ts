import type { FastifyReply, FastifyRequest } from 'fastify'
import type { PaymentKind } from '../../../contract/subscriptions'
import { applyProviderPayment } from '../../services/billing/apply'
import type { BillingDeps } from '../../services/billing/deps'

/**
 * A payment webhook (README "Payments are decided by the provider's status, fetched"): only the
 * id is read; the payment is fetched and applied by the one path. Known, unknown and foreign ids
 * all get 200 with an empty body (a stranger learns nothing, and Mollie stops retrying); only a
 * provider we cannot reach makes it fail, so that Mollie calls again.
 */
export async function webhook(
  deps: BillingDeps,
  ctx: { params: { org: string }; body: { id: string }; req: FastifyRequest; reply: FastifyReply },
  kind: PaymentKind,
) {
  const outcome = await applyProviderPayment(deps, ctx.body.id, { organisationId: ctx.params.org, kind })
  if (outcome === 'unknown' || outcome === 'foreign')
    ctx.req.log.info({ id: ctx.body.id, organisationId: ctx.params.org, kind, outcome }, 'payment webhook ignored')
  return ctx.reply.code(200).send()
}
