import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { API } from '../../../contract/endpoints'
import { AppError } from '../../errors'
import { callerOf } from '../../http/caller'
import { fromEndpoint } from '../../http/endpoint'
import { createEmployee } from '../../services/employees/create'
import { effectivePermissions } from '../../services/employees/effective-permissions'
import { setKioskPin } from '../../services/employees/kiosk-pin'
import { listEmployees } from '../../services/employees/list'
import { updateEmployee } from '../../services/employees/update'
import { getEmployeeMe, setEmployeeLanguage } from '../../services/employees/me'
import { perIp, scaled, WINDOW } from '../auth/limits'

/**
 * Employees (issue 9): the team (list, invite, change, deactivate, effective permissions), and
 * the signed-in employee's own account (fresh permissions per branch, language, kiosk PIN).
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  const mail = () => ({ mailer: app.mailer, publicUrl: app.config.publicUrl })
  app.route({
    ...fromEndpoint(API.employees.list),
    handler: async (req) => listEmployees({ db: app.db, caller: await callerOf(req), query: req.query }),
  })
  app.route({
    ...fromEndpoint(API.employees.create),
    handler: async (req, reply) =>
      reply
        .code(201)
        .send(await createEmployee({ db: app.db, caller: await callerOf(req), input: req.body, ...mail() })),
  })
  app.route({
    ...fromEndpoint(API.employees.update),
    handler: async (req) =>
      updateEmployee({ db: app.db, caller: await callerOf(req), id: req.params.id, patch: req.body, ...mail() }),
  })
  app.route({
    ...fromEndpoint(API.employees.effectivePermissions),
    handler: async (req) => effectivePermissions({ db: app.db, caller: await callerOf(req), id: req.params.id }),
  })
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
