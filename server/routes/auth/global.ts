import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { API } from '../../../contract/endpoints'
import { fromEndpoint } from '../../http/endpoint'
import { ownCallerOf } from '../../http/caller'
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
  app.route({
    ...fromEndpoint(API.auth.globalLogin),
    config: perIp(10),
    preHandler: throttle.preHandler,
    handler: async (req, reply) => {
      const session = await loginGlobalAdmin({
        db: app.db,
        ...req.body,
        ip: req.ip,
        sessionTtlHours: app.config.sessionTtlHours,
      })
      throttle.remember(req, reply)
      return session
    },
  })

  app.route({
    ...fromEndpoint(API.auth.impersonate),
    handler: async (req) =>
      impersonateEmployee({
        db: app.db,
        caller: await ownCallerOf(req),
        employeeId: req.body.employeeId,
        sessionTtlHours: Math.min(app.config.sessionTtlHours, IMPERSONATION_TTL_HOURS),
      }),
  })
}
export default routes
