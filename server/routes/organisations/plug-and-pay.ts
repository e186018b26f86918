import { createHash, timingSafeEqual } from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { API } from '../../../contract/endpoints'
import type { Config } from '../../config'
import { AppError } from '../../errors'
import { handle } from '../../http/handle'
import { createPlugAndPay } from '../../integrations/plug-and-pay'
import { handlePlugAndPayEvent } from '../../services/organisations/plug-and-pay'
import { perIp } from '../auth/limits'

/** On only with all three: without the token the order cannot be fetched, without product ids nothing matches. */
export const plugAndPayEnabled = (c: Config) =>
  !!(c.plugAndPayWebhookKey && c.plugAndPayApiToken && c.plugAndPayProductIds.length > 0)

const digest = (s: string) => createHash('sha256').update(s).digest()

/**
 * The shared webhook key, compared in constant time (of equal-length digests, so the key's
 * length does not leak either). Runs on the request, before the body is read or validated: a
 * call without the key learns nothing about what the endpoint accepts.
 */
function checkKey(req: FastifyRequest) {
  const config = req.server.config
  if (!plugAndPayEnabled(config)) throw new AppError('PLUG_AND_PAY_NOT_CONFIGURED')
  const sent = req.headers[config.plugAndPayKeyHeader]
  const value = Array.isArray(sent) ? sent[0] : sent
  if (!value || !timingSafeEqual(digest(value), digest(config.plugAndPayWebhookKey!)))
    throw new AppError('PLUG_AND_PAY_KEY_INVALID')
}

/** Issue 23 G1: Plug&Pay's new-organisation webhook (services/organisations/plug-and-pay.ts). */
const routes: FastifyPluginAsyncZod = async (app) => {
  const plugAndPay = createPlugAndPay(app.config)
  handle(
    app,
    API.organisations.plugAndPayWebhook,
    ({ db, config, body, req }) =>
      handlePlugAndPayEvent({ db, config, plugAndPay, mailer: app.mailer, log: req.log }, body),
    // Like the payment webhooks: one address (Plug&Pay's) sends them all, retries included.
    { config: perIp(600), onRequest: async (req) => checkKey(req) },
  )
}
export default routes
