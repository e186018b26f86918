import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { API } from '../../../contract/endpoints'
import { callerOf } from '../../http/caller'
import { fromEndpoint } from '../../http/endpoint'
import { getMe, updateMe } from '../../services/customers'

/** The signed-in customer's own profile (customer session, not staff). */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...fromEndpoint(API.customers.me),
    handler: async (req) => getMe({ caller: await callerOf(req), db: app.db }),
  })
  app.route({
    ...fromEndpoint(API.customers.updateMe),
    handler: async (req) => updateMe({ caller: await callerOf(req), db: app.db, changes: req.body }),
  })
}
export default routes
