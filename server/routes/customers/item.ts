import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { API } from '../../../contract/endpoints'
import { callerOf } from '../../http/caller'
import { fromEndpoint } from '../../http/endpoint'
import { getCustomer, updateCustomer } from '../../services/customers'

const routes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...fromEndpoint(API.customers.get),
    handler: async (req) => getCustomer({ caller: await callerOf(req), db: app.db, id: req.params.id }),
  })
  app.route({
    ...fromEndpoint(API.customers.update),
    handler: async (req) =>
      updateCustomer({
        caller: await callerOf(req),
        db: app.db,
        id: req.params.id,
        changes: req.body.changes,
        base: req.body.base,
      }),
  })
}
export default routes
