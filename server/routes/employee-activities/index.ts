import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { API } from '../../../contract/endpoints'
import { callerOf } from '../../http/caller'
import { fromEndpoint } from '../../http/endpoint'
import { listEmployeeActivities } from '../../services/employees/activities'

/**
 * POST /organisations/{org}/employees/activities: the employee activity log. Its own plugin (the
 * employees routes live beside it); a static segment, so the router matches it before
 * /employees/{id}, whatever the registration order.
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...fromEndpoint(API.employees.activities),
    handler: async (req) => listEmployeeActivities({ db: app.db, caller: await callerOf(req), query: req.body }),
  })
}
export default routes
