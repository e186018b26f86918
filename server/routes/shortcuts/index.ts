import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { API } from '../../../contract/endpoints'
import { fromEndpoint } from '../../http/endpoint'
import { resolveShortcut } from '../../services/shortcuts'
import { scaled } from '../auth/limits'

/**
 * GET /shortcuts?code=: no credentials (spec §6), so rate-limited like the sign-in calls; codes
 * are 8 characters from 31, far beyond what the limit lets anyone guess.
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...fromEndpoint(API.shortcuts.resolve),
    config: { rateLimit: { max: scaled(30), timeWindow: '15 minutes' } },
    handler: async (req) => resolveShortcut(app.db, req.query.code),
  })
}
export default routes
