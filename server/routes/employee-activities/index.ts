import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { API } from '../../../contract/endpoints'
import { handle } from '../../http/handle'
import { listEmployeeActivities } from '../../services/employees/activities'

/**
 * POST /organisations/{org}/employees/activities: the employee activity log. Its own plugin (the
 * employees routes live beside it); a static segment, so the router matches it before
 * /employees/{id}, whatever the registration order.
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  handle(app, API.employees.activities, ({ caller, db, body }) => listEmployeeActivities({ db, caller, query: body }))
}
export default routes
