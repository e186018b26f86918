import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ZEmployeeLogin, ZEmployeeSession, ZOk } from '../../../contract/auth'
import { revokeStorageAccess } from '../../integrations/storage/access'
import { sessionOf } from '../../http/caller'
import { deleteSession } from '../../auth/sessions'
import { findEmployeeByEmail, loginEmployee } from '../../services/auth/employee-login'
import { passwordThrottle, perIp } from './limits'
import { ZOrgRef } from './schemas'

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
  const schema = { tags: ['authentication'], security: [], body: ZEmployeeLogin, response: { 200: ZEmployeeSession } }

  app.post(
    '/organisations/:org/authentication/login',
    { schema: { ...schema, params: ZOrgRef }, config: perIp(30), preHandler: throttle.preHandler },
    async (req, reply) => {
      const session = await loginEmployee({
        db: app.db,
        ...req.body,
        org: req.params.org,
        ip: req.ip,
        sessionTtlHours: app.config.sessionTtlHours,
      })
      throttle.remember(req, reply)
      return session
    },
  )
  app.post(
    '/authentication/login',
    { schema, config: perIp(30), preHandler: throttle.preHandler },
    async (req, reply) => {
      const session = await loginEmployee({
        db: app.db,
        ...req.body,
        ip: req.ip,
        sessionTtlHours: app.config.sessionTtlHours,
      })
      throttle.remember(req, reply)
      return session
    },
  )

  app.post(
    '/authentication/logout',
    { schema: { tags: ['authentication'], response: { 200: ZOk } } },
    async (req, reply) => {
      const p = sessionOf(req)
      await deleteSession(app.db, p.sessionId)
      revokeStorageAccess(reply, p)
      return { ok: true as const }
    },
  )
}
export default routes
