import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { API } from '../../../contract/endpoints'
import { handle } from '../../http/handle'
import { createOrganisation } from '../../services/organisations/create'
import { perIp } from '../auth/limits'

/** Sign-up is open to anyone, so it is rate-limited per IP against mass creation. */
const routes: FastifyPluginAsyncZod = async (app) => {
  handle(
    app,
    API.organisations.create,
    ({ db, config, body }) =>
      createOrganisation({
        db,
        input: body,
        sessionTtlHours: config.sessionTtlHours,
        mailer: app.mailer,
        publicUrl: config.publicUrl,
      }),
    { config: perIp(10, '1 hour') },
  )
}
export default routes
