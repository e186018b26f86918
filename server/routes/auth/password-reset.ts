import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ZOk, ZPasswordReset, ZRequestPasswordReset } from '../../../contract/auth'
import { requestPasswordReset, resetPassword } from '../../services/auth/password-reset'
import { perAccount, perAccountIp, perIp } from './limits'
import { ZOrgRef } from './schemas'

const ok = { ok: true as const }

const routes: FastifyPluginAsyncZod = async (app) => {
  // Issue 7 #11: 3 reset mails per e-mail from one IP; the e-mail's own cap only guards the
  // mailbox, so a stranger cannot keep an employee from resetting for long.
  const requestLimit = [perAccountIp(app, 'reset-request', 3), perAccount(app, 'reset-request', 10)]
  const request = { tags: ['authentication'], security: [], body: ZRequestPasswordReset, response: { 200: ZOk } }
  const reset = { tags: ['authentication'], security: [], body: ZPasswordReset, response: { 200: ZOk } }
  const send = (email: string, ip: string, org?: string) =>
    requestPasswordReset({ db: app.db, mailer: app.mailer, publicUrl: app.config.publicUrl, email, ip, org })

  app.post(
    '/organisations/:org/authentication/request-password-reset',
    { schema: { ...request, params: ZOrgRef }, config: perIp(10), preHandler: requestLimit },
    async (req) => {
      await send(req.body.email, req.ip, req.params.org)
      return ok
    },
  )
  app.post(
    '/authentication/request-password-reset',
    { schema: request, config: perIp(10), preHandler: requestLimit },
    async (req) => {
      await send(req.body.email, req.ip)
      return ok
    },
  )

  app.post(
    '/organisations/:org/authentication/password-reset',
    { schema: { ...reset, params: ZOrgRef }, config: perIp(10) },
    async (req) => {
      await resetPassword({ db: app.db, ...req.body, org: req.params.org })
      return ok
    },
  )
  app.post('/authentication/password-reset', { schema: reset, config: perIp(10) }, async (req) => {
    await resetPassword({ db: app.db, ...req.body })
    return ok
  })
}
export default routes
