import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { API } from '../../../contract/endpoints'
import { handle } from '../../http/handle'
import { listCustomerActivities } from '../../services/activities'

/**
 * GET /organisations/{org}/customers/activities. A static segment: the router matches it before
 * /customers/{id}, whatever the registration order (tested).
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  handle(app, API.customers.activities, ({ caller, db, query }) => listCustomerActivities({ db, caller, ...query }))
}
export default routes
