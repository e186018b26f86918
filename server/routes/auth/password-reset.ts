import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { API } from '../../../contract/endpoints'
import { handle } from '../../http/handle'
import { requestPasswordReset, resetPassword } from '../../services/auth/password-reset'
import { perAccount, perAccountIp, perIp } from './limits'

const ok = { ok: true as const }

const routes: FastifyPluginAsyncZod = async (app) => {
  // Issue 7 #11: 3 reset mails per e-mail from one IP; the e-mail's own cap only guards the
  // mailbox, so a stranger cannot keep an employee from resetting for long.
  const perAccountLimits = [perAccountIp(app, 'reset-request', 3), perAccount(app, 'reset-request', 10)]
  const requestLimit = () => ({ config: perIp(10), preHandler: perAccountLimits })
  const send = (email: string, ip: string, org?: string) =>
    requestPasswordReset({ db: app.db, mailer: app.mailer, publicUrl: app.config.publicUrl, email, ip, org })

  handle(
    app,
    API.auth.requestPasswordResetInOrganisation,
    async ({ body, params, req }) => {
      await send(body.email, req.ip, params.org)
      return ok
    },
    requestLimit(),
  )
  handle(
    app,
    API.auth.requestPasswordReset,
    async ({ body, req }) => {
      await send(body.email, req.ip)
      return ok
    },
    requestLimit(),
  )

  handle(
    app,
    API.auth.passwordResetInOrganisation,
    async ({ db, body, params }) => {
      await resetPassword({ db, ...body, org: params.org })
      return ok
    },
    { config: perIp(10) },
  )
  handle(
    app,
    API.auth.passwordReset,
    async ({ db, body }) => {
      await resetPassword({ db, ...body })
      return ok
    },
    { config: perIp(10) },
  )
}
export default routes
