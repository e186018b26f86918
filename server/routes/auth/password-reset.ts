import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { API } from '../../../contract/endpoints'
import { fromEndpoint } from '../../http/endpoint'
import { requestPasswordReset, resetPassword } from '../../services/auth/password-reset'
import { perAccount, perAccountIp, perIp } from './limits'

const ok = { ok: true as const }

const routes: FastifyPluginAsyncZod = async (app) => {
  // Issue 7 #11: 3 reset mails per e-mail from one IP; the e-mail's own cap only guards the
  // mailbox, so a stranger cannot keep an employee from resetting for long.
  const requestLimit = [perAccountIp(app, 'reset-request', 3), perAccount(app, 'reset-request', 10)]
  const send = (email: string, ip: string, org?: string) =>
    requestPasswordReset({ db: app.db, mailer: app.mailer, publicUrl: app.config.publicUrl, email, ip, org })

  app.route({
    ...fromEndpoint(API.auth.requestPasswordResetInOrganisation),
    config: perIp(10),
    preHandler: requestLimit,
    handler: async (req) => {
      await send(req.body.email, req.ip, req.params.org)
      return ok
    },
  })
  app.route({
    ...fromEndpoint(API.auth.requestPasswordReset),
    config: perIp(10),
    preHandler: requestLimit,
    handler: async (req) => {
      await send(req.body.email, req.ip)
      return ok
    },
  })

  app.route({
    ...fromEndpoint(API.auth.passwordResetInOrganisation),
    config: perIp(10),
    handler: async (req) => {
      await resetPassword({ db: app.db, ...req.body, org: req.params.org })
      return ok
    },
  })
  app.route({
    ...fromEndpoint(API.auth.passwordReset),
    config: perIp(10),
    handler: async (req) => {
      await resetPassword({ db: app.db, ...req.body })
      return ok
    },
  })
}
export default routes
