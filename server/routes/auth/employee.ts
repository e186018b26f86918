import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { API } from '../../../contract/endpoints'
import { fromEndpoint } from '../../http/endpoint'
import { revokeStorageAccess } from '../../integrations/storage/access'
import { sessionOf } from '../../http/caller'
import { deleteSession } from '../../auth/sessions'
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
    req: FastifyRequest,
    reply: FastifyReply,
    body: { email: string; password: string },
    org?: string,
  ) => {
    const session = await loginEmployee({
      db: app.db,
      ...body,
      org,
      ip: req.ip,
      sessionTtlHours: app.config.sessionTtlHours,
    })
    throttle.remember(req, reply)
    return session
  }
  app.route({
    ...fromEndpoint(API.auth.loginInOrganisation),
    config: perIp(30),
    preHandler: throttle.preHandler,
    handler: (req, reply) => signIn(req, reply, req.body, req.params.org),
  })
  app.route({
    ...fromEndpoint(API.auth.login),
    config: perIp(30),
    preHandler: throttle.preHandler,
    handler: (req, reply) => signIn(req, reply, req.body),
  })

  app.route({
    ...fromEndpoint(API.auth.logout),
    handler: async (req, reply) => {
      const p = sessionOf(req)
      await deleteSession(app.db, p.sessionId)
      revokeStorageAccess(reply, p)
      return { ok: true as const }
    },
  })
}
export default routes
