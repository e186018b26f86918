import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { API } from '../../../contract/endpoints'
import { handle } from '../../http/handle'
import { findGlobalAdminByEmail, impersonateEmployee, loginGlobalAdmin } from '../../services/auth/global'
import { passwordThrottle, perIp } from './limits'

/** Impersonation sessions are short-lived whatever the normal session length is. */
const IMPERSONATION_TTL_HOURS = 4

const routes: FastifyPluginAsyncZod = async (app) => {
  // Issue 7 #11: as for employees (routes/auth/limits.ts passwordThrottle), with tighter numbers.
  const throttle = passwordThrottle(app, {
    name: 'global-login',
    kind: 'globalAdmin',
    perAccountIp: 5,
    perUnknownDevices: 10,
    perDevice: 5,
    find: (req) => findGlobalAdminByEmail(app.db, (req.body as { email: string }).email),
  })
  handle(
    app,
    API.auth.globalLogin,
    async ({ db, config, body, req, reply }) => {
      const session = await loginGlobalAdmin({ db, ...body, ip: req.ip, sessionTtlHours: config.sessionTtlHours })
      throttle.remember(req, reply)
      return session
    },
    { config: perIp(10), preHandler: throttle.preHandler },
  )

  handle(app, API.auth.impersonate, ({ caller, db, config, body }) =>
    impersonateEmployee({
      db,
      caller,
      employeeId: body.employeeId,
      sessionTtlHours: Math.min(config.sessionTtlHours, IMPERSONATION_TTL_HOURS),
    }),
  )
}
export default routes
