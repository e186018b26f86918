import { perIp } from '../auth/limits'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { API } from '../../../contract/endpoints'
import { fromEndpoint } from '../../http/endpoint'
import { createOrganisation } from '../../services/organisations/create'

/** Sign-up is open to anyone, so it is rate-limited per IP against mass creation. */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...fromEndpoint(API.organisations.create),
    config: perIp(10, '1 hour'),
    handler: async (req, reply) => {
      const result = await createOrganisation({
        db: app.db,
        input: req.body,
        sessionTtlHours: app.config.sessionTtlHours,
      })
      return reply.code(201).send(result)
    },
  })
}
export default routes
