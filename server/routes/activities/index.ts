import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { API } from '../../../contract/endpoints'
import { callerOf } from '../../http/caller'
import { fromEndpoint } from '../../http/endpoint'
import { listCustomerActivities } from '../../services/activities'

/**
 * GET /organisations/{org}/customers/activities. A static segment: the router matches it before
 * /customers/{id}, whatever the registration order (tested).
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...fromEndpoint(API.customers.activities),
    handler: async (req) => listCustomerActivities({ db: app.db, caller: await callerOf(req), ...req.query }),
  })
}
export default routes
