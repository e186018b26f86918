import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ZActivitiesQuery, ZCustomerActivity } from '../../../contract/questionnaires'
import { callerOf } from '../../http/caller'
import { listCustomerActivities } from '../../services/activities'

/**
 * GET /organisations/{org}/customers/activities. A static segment: the router matches it before
 * /customers/{id}, whatever the registration order (tested).
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/organisations/:org/customers/activities',
    {
      schema: {
        tags: ['customers'],
        params: z.object({ org: z.string().max(100) }),
        querystring: ZActivitiesQuery,
        response: { 200: z.array(ZCustomerActivity) },
      },
    },
    async (req) => listCustomerActivities({ db: app.db, caller: await callerOf(req), ...req.query }),
  )
}
export default routes
