import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { API } from '../../../contract/endpoints'
import { AppError } from '../../errors'
import { handle } from '../../http/handle'
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
  const E = API.employees
  const mail = { mailer: app.mailer, publicUrl: app.config.publicUrl }
  handle(app, E.list, ({ caller, db, query }) => listEmployees({ db, caller, query }))
  handle(app, E.create, ({ caller, db, body }) => createEmployee({ db, caller, input: body, ...mail }))
  handle(app, E.update, ({ caller, db, params, body }) =>
    updateEmployee({ db, caller, id: params.id, patch: body, ...mail }),
  )
  handle(app, E.effectivePermissions, ({ caller, db, params }) => effectivePermissions({ db, caller, id: params.id }))
  handle(app, E.me, ({ caller, db }) => getEmployeeMe({ db, caller }))
  handle(app, E.setLanguage, ({ caller, db, body }) => setEmployeeLanguage({ db, caller, language: body.language }))

  // The current password is checked here, so the PIN route is limited like a login: per IP and
  // per signed-in employee (a stolen session cannot guess the password from many addresses).
  const perEmployee = app.createRateLimit({
    max: scaled(10),
    timeWindow: WINDOW,
    keyGenerator: (req) => `pin:${req.principal?.kind === 'employee' ? req.principal.employeeId : req.ip}`,
  })
  handle(app, E.setKioskPin, ({ caller, db, body }) => setKioskPin(db, { caller, ...body }), {
    config: perIp(30),
    preHandler: async (req) => {
      const r = await perEmployee(req)
      if (!r.isAllowed && r.isExceeded) throw new AppError('TOO_MANY_REQUESTS')
    },
  })
}
export default routes
