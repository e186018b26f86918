import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { API } from '../../../contract/endpoints'
import { deleteSession } from '../../auth/sessions'
import { type Context, handle } from '../../http/handle'
import { revokeStorageAccess } from '../../integrations/storage/access'
import { findEmployeeByEmail, loginEmployee } from '../../services/auth/employee-login'
import { passwordThrottle, perIp } from './limits'

/** Employee sign-in at /{slug}/admin (organisation named) and at /admin (found by e-mail). */
const routes: FastifyPluginAsyncZod = async (app) => {
  // Issue 7 #11: ten wrong passwords lock that IP (or that device) out of the account, not the
  // employee everywhere; unknown devices together get 20 tries per window.
  const throttle = passwordThrottle(app, {
    name: 'login',
    kind: 'employee',
    perAccountIp: 10,
    perUnknownDevices: 20,
    perDevice: 10,
    find: (req) => {
      const { email } = req.body as { email: string }
      return findEmployeeByEmail(app.db, email, (req.params as { org?: string }).org)
    },
  })
  /** Both sign-in addresses (with and without the organisation) share limits and the throttle. */
  const signIn = async (
    { db, config, req, reply, body }: Context<typeof API.auth.login | typeof API.auth.loginInOrganisation>,
    org?: string,
  ) => {
    const session = await loginEmployee({ db, ...body, org, ip: req.ip, sessionTtlHours: config.sessionTtlHours })
    throttle.remember(req, reply)
    return session
  }
  const limits = () => ({ config: perIp(30), preHandler: throttle.preHandler })
  handle(app, API.auth.loginInOrganisation, (ctx) => signIn(ctx, ctx.params.org), limits())
  handle(app, API.auth.login, (ctx) => signIn(ctx), limits())

  handle(app, API.auth.logout, async ({ caller, db, reply }) => {
    await deleteSession(db, caller.sessionId)
    revokeStorageAccess(reply, caller)
    return { ok: true as const }
  })
}
export default routes
