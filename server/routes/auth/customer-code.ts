import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ZCustomerLoginRequest, ZCustomerLoginVerify, ZCustomerSession, ZOk } from '../../../contract/auth'
import { requestCustomerCode, verifyCustomerCode } from '../../services/auth/customer-code'
import { perAccount, perIp } from './limits'
import { ZOrgRef } from './schemas'

/** Customer sign-in at /{slug}: a 6-character code by e-mail, then verify. */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/organisations/:org/authentication/customer-login-request',
    {
      schema: {
        tags: ['authentication'],
        security: [],
        params: ZOrgRef,
        body: ZCustomerLoginRequest,
        response: { 200: ZOk },
      },
      config: perIp(20),
      preHandler: perAccount(app, 'code-request', 5, { perOrganisation: true }),
    },
    async (req) => {
      await requestCustomerCode({ db: app.db, mailer: app.mailer, org: req.params.org, ...req.body })
      return { ok: true as const }
    },
  )

  app.post(
    '/organisations/:org/authentication/customer-login-request/verify',
    {
      schema: {
        tags: ['authentication'],
        security: [],
        params: ZOrgRef,
        body: ZCustomerLoginVerify,
        response: { 200: ZCustomerSession },
      },
      config: perIp(30),
      preHandler: perAccount(app, 'code-verify', 10, { perOrganisation: true }),
    },
    (req) =>
      verifyCustomerCode({ db: app.db, org: req.params.org, ...req.body, sessionTtlHours: app.config.sessionTtlHours }),
  )
}
export default routes
