import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ZEmployeeLogin, ZEmployeeSession, ZOk } from '../../../contract/auth'
import { revokeStorageAccess } from '../../integrations/storage/access'
import { requirePrincipal } from '../../auth/guards'
import { deleteSession } from '../../auth/sessions'
import { loginEmployee } from '../../services/auth/employee-login'
import { perAccount, perIp } from './limits'
import { ZOrgRef } from './schemas'

/** Employee sign-in at /{slug}/admin (organisation named) and at /admin (found by e-mail). */
const routes: FastifyPluginAsyncZod = async (app) => {
  const accountLimit = perAccount(app, 'login', 10)
  const schema = { tags: ['authentication'], security: [], body: ZEmployeeLogin, response: { 200: ZEmployeeSession } }

  app.post(
    '/organisations/:org/authentication/login',
    { schema: { ...schema, params: ZOrgRef }, config: perIp(30), preHandler: accountLimit },
    (req) =>
      loginEmployee({
        db: app.db,
        ...req.body,
        org: req.params.org,
        ip: req.ip,
        sessionTtlHours: app.config.sessionTtlHours,
      }),
  )
  app.post('/authentication/login', { schema, config: perIp(30), preHandler: accountLimit }, (req) =>
    loginEmployee({ db: app.db, ...req.body, ip: req.ip, sessionTtlHours: app.config.sessionTtlHours }),
  )

  app.post(
    '/authentication/logout',
    { schema: { tags: ['authentication'], response: { 200: ZOk } } },
    async (req, reply) => {
      const p = requirePrincipal(req)
      await deleteSession(app.db, p.sessionId)
      revokeStorageAccess(reply, p)
      return { ok: true as const }
    },
  )
}
export default routes
