import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { API } from '../../../contract/endpoints'
import { callerOf } from '../../http/caller'
import { fromEndpoint } from '../../http/endpoint'
import { getSalon, listSalons } from '../../services/salons/read'
import { createSalon, updateSalon } from '../../services/salons/write'

/** Branches (salons in the API): list with counts, create, read, rename. */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...fromEndpoint(API.salons.list),
    handler: async (req) => listSalons({ db: app.db, caller: await callerOf(req) }),
  })
  app.route({
    ...fromEndpoint(API.salons.create),
    handler: async (req, reply) =>
      reply.code(201).send(await createSalon({ db: app.db, caller: await callerOf(req), input: req.body })),
  })
  app.route({
    ...fromEndpoint(API.salons.get),
    handler: async (req) => getSalon({ db: app.db, caller: await callerOf(req), id: req.params.salon }),
  })
  app.route({
    ...fromEndpoint(API.salons.update),
    handler: async (req) =>
      updateSalon({ db: app.db, caller: await callerOf(req), id: req.params.salon, patch: req.body }),
  })
}
export default routes
