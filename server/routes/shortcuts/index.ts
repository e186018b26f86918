import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { API } from '../../../contract/endpoints'
import { handle } from '../../http/handle'
import { resolveShortcut } from '../../services/shortcuts'
import { perIp } from '../auth/limits'

/**
 * GET /shortcuts?code=: no credentials (spec §6), so rate-limited like the sign-in calls; codes
 * are 8 characters from 31, far beyond what the limit lets anyone guess.
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  handle(app, API.shortcuts.resolve, ({ db, query }) => resolveShortcut(db, query.code), { config: perIp(30) })
}
export default routes
