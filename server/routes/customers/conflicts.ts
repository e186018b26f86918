import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { API } from '../../../contract/endpoints'
import { callerOf } from '../../http/caller'
import { fromEndpoint } from '../../http/endpoint'
import { listConflicts, resolveConflict } from '../../services/customers'

const routes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...fromEndpoint(API.customers.conflicts),
    handler: async (req) => listConflicts({ caller: await callerOf(req), db: app.db, customerId: req.params.id }),
  })
  app.route({
    ...fromEndpoint(API.customers.resolveConflict),
    handler: async (req) =>
      resolveConflict({
        caller: await callerOf(req),
        db: app.db,
        id: req.params.conflictId,
        customerId: req.params.id,
      }),
  })
}
export default routes
