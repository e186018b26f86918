import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { API } from '../../../contract/endpoints'
import { callerOf } from '../../http/caller'
import { fromEndpoint } from '../../http/endpoint'
import { readOwnOrganisation, updateOrganisation } from '../../services/organisations/update'

/** The organisation's own details (ownOrganisation). */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...fromEndpoint(API.organisations.get),
    handler: async (req) => readOwnOrganisation({ db: app.db, caller: await callerOf(req) }),
  })
  app.route({
    ...fromEndpoint(API.organisations.update),
    handler: async (req) => updateOrganisation({ db: app.db, caller: await callerOf(req), patch: req.body }),
  })
}
export default routes
