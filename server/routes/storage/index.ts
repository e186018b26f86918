import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { sessionOf } from '../../http/caller'
import { grantStorageAccess } from '../../integrations/storage/access'

/**
 * POST /storage/session: the signed-in browser asks for the cookie that lets its <img> tags load
 * the organisation's stored files (server/integrations/storage/access.ts). Called after sign-in
 * and at start-up; answers 204, or 204 with no cookie for a global admin (no organisation).
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.post('/storage/session', { schema: { tags: ['uploads'] } }, async (req, reply) => {
    const p = sessionOf(req)
    grantStorageAccess(req, reply, p, (req.headers.authorization ?? '').slice('Bearer '.length))
    return reply.code(204).send()
  })
}
export default routes
