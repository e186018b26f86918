import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { API } from '../../../contract/endpoints'
import { callerOf } from '../../http/caller'
import { fromEndpoint } from '../../http/endpoint'
import { listRoles } from '../../services/roles/read'
import { createRole, updateRole } from '../../services/roles/write'

/** Roles (spec §6): list, create, change name and permissions. */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...fromEndpoint(API.roles.list),
    handler: async (req) => listRoles({ db: app.db, caller: await callerOf(req) }),
  })
  app.route({
    ...fromEndpoint(API.roles.create),
    handler: async (req, reply) =>
      reply.code(201).send(await createRole({ db: app.db, caller: await callerOf(req), input: req.body })),
  })
  app.route({
    ...fromEndpoint(API.roles.update),
    handler: async (req) => updateRole({ db: app.db, caller: await callerOf(req), id: req.params.id, patch: req.body }),
  })
}
export default routes
