import { perIp } from '../auth/limits'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { API } from '../../../contract/endpoints'
import { callerOf } from '../../http/caller'
import { fromEndpoint } from '../../http/endpoint'
import { challenge } from '../../services/organisations/availability'
import { customerSettings, publicOrganisation } from '../../services/organisations/find'

/** Calls without a session (availability check, public lookup by slug); and the customer-area settings. */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...fromEndpoint(API.organisations.challenge),
    // A live check on every keystroke: generous, but still bounded so it cannot enumerate slugs fast.
    config: perIp(300),
    handler: (req) => challenge(app.db, req.query),
  })

  app.route({
    ...fromEndpoint(API.organisations.findPublic),
    handler: async (req) => publicOrganisation(app.db, req.query.slug),
  })

  app.route({
    ...fromEndpoint(API.organisations.customerSettings),
    handler: async (req) => customerSettings({ db: app.db, caller: await callerOf(req) }),
  })
}
export default routes
