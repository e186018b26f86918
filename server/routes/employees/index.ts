import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ZEmployeeSession, ZSetLanguage } from '../../../contract/auth'
import { ZSetKioskPin } from '../../../contract/kiosk'
import { AppError } from '../../errors'
import { callerOf } from '../../http/caller'
import { setKioskPin } from '../../services/employees/kiosk-pin'
import { getEmployeeMe, setEmployeeLanguage } from '../../services/employees/me'
import { perIp, scaled, WINDOW } from '../auth/limits'

const ZParams = z.object({ org: z.string().trim().min(1).max(100) })
const ZMe = ZEmployeeSession.shape.employee

/** The signed-in employee (fresh permissions per branch) and their language. */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/organisations/:org/employees/me',
    { schema: { tags: ['employees'], params: ZParams, response: { 200: ZMe } } },
    async (req) => getEmployeeMe({ db: app.db, caller: await callerOf(req) }),
  )
  app.put(
    '/organisations/:org/employees/me/language',
    { schema: { tags: ['employees'], params: ZParams, body: ZSetLanguage, response: { 200: ZMe } } },
    async (req) => setEmployeeLanguage({ db: app.db, caller: await callerOf(req), language: req.body.language }),
  )

  // The current password is checked here, so the PIN route is limited like a login: per IP and
  // per signed-in employee (a stolen session cannot guess the password from many addresses).
  const perEmployee = app.createRateLimit({
    max: scaled(10),
    timeWindow: WINDOW,
    keyGenerator: (req) => `pin:${req.principal?.kind === 'employee' ? req.principal.employeeId : req.ip}`,
  })
  app.put(
    '/organisations/:org/employees/me/pin',
    {
      schema: { tags: ['employees'], params: ZParams, body: ZSetKioskPin, response: { 200: ZMe } },
      config: perIp(30),
      preHandler: async (req) => {
        const r = await perEmployee(req)
        if (!r.isAllowed && r.isExceeded) throw new AppError('TOO_MANY_REQUESTS')
      },
    },
    async (req) => setKioskPin(app.db, { caller: await callerOf(req), ...req.body }),
  )
}
export default routes
