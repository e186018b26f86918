import { perIp } from '../auth/limits'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ZEmployeeSession } from '../../../contract/auth'
import { ZCreateOrganisation, ZOrganisation } from '../../../contract/organisations'
import { createOrganisation } from '../../services/organisations/create'

/** Sign-up is open to anyone, so it is rate-limited per IP against mass creation. */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/organisations',
    {
      schema: {
        tags: ['organisations'],
        security: [],
        body: ZCreateOrganisation,
        response: { 201: z.object({ organisation: ZOrganisation, session: ZEmployeeSession }) },
      },
      config: perIp(10, '1 hour'),
    },
    async (req, reply) => {
      const result = await createOrganisation({
        db: app.db,
        input: req.body,
        sessionTtlHours: app.config.sessionTtlHours,
      })
      return reply.code(201).send(result)
    },
  )
}
export default routes
