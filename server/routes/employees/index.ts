import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { API } from '../../../contract/endpoints'
import { AppError } from '../../errors'
import { callerOf } from '../../http/caller'
import { fromEndpoint } from '../../http/endpoint'
import { setKioskPin } from '../../services/employees/kiosk-pin'
import { getEmployeeMe, setEmployeeLanguage } from '../../services/employees/me'
import { perIp, scaled, WINDOW } from '../auth/limits'

/** The signed-in employee (fresh permissions per branch) and their language. */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...fromEndpoint(API.employees.me),
    handler: async (req) => getEmployeeMe({ db: app.db, caller: await callerOf(req) }),
  })
  app.route({
    ...fromEndpoint(API.employees.setLanguage),
    handler: async (req) =>
      setEmployeeLanguage({ db: app.db, caller: await callerOf(req), language: req.body.language }),
  })

  // The current password is checked here, so the PIN route is limited like a login: per IP and
  // per signed-in employee (a stolen session cannot guess the password from many addresses).
  const perEmployee = app.createRateLimit({
    max: scaled(10),
    timeWindow: WINDOW,
    keyGenerator: (req) => `pin:${req.principal?.kind === 'employee' ? req.principal.employeeId : req.ip}`,
  })
  app.route({
    ...fromEndpoint(API.employees.setKioskPin),
    config: perIp(30),
    preHandler: async (req) => {
      const r = await perEmployee(req)
      if (!r.isAllowed && r.isExceeded) throw new AppError('TOO_MANY_REQUESTS')
    },
    handler: async (req) => setKioskPin(app.db, { caller: await callerOf(req), ...req.body }),
  })
}
export default routes
