import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ZEmployeeSession, ZGlobalLogin, ZGlobalSession } from '../../../contract/auth'
import { requireGlobalAdmin } from '../../auth/guards'
import { impersonateEmployee, loginGlobalAdmin } from '../../services/auth/global'
import { perAccount, perIp } from './limits'

/** Impersonation sessions are short-lived whatever the normal session length is. */
const IMPERSONATION_TTL_HOURS = 4

const routes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/global/authentication/login',
    {
      schema: { tags: ['global'], security: [], body: ZGlobalLogin, response: { 200: ZGlobalSession } },
      config: perIp(10),
      preHandler: perAccount(app, 'global-login', 5),
    },
    (req) => loginGlobalAdmin({ db: app.db, ...req.body, ip: req.ip, sessionTtlHours: app.config.sessionTtlHours }),
  )

  app.post(
    '/global/authentication/impersonate',
    {
      schema: {
        tags: ['global'],
        body: z.object({ employeeId: z.string().uuid() }),
        response: { 200: ZEmployeeSession },
      },
    },
    (req) =>
      impersonateEmployee({
        db: app.db,
        adminId: requireGlobalAdmin(req).adminId,
        employeeId: req.body.employeeId,
        sessionTtlHours: Math.min(app.config.sessionTtlHours, IMPERSONATION_TTL_HOURS),
      }),
  )
}
export default routes
