import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { API } from '../../../contract/endpoints'
import { sessionOf } from '../../http/caller'
import { fromEndpoint } from '../../http/endpoint'
import { grantStorageAccess } from '../../integrations/storage/access'

/**
 * POST /storage/session: the signed-in browser asks for the cookie that lets its <img> tags load
 * the organisation's stored files (server/integrations/storage/access.ts). Called after sign-in
 * and at start-up; answers 204, or 204 with no cookie for a global admin (no organisation).
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...fromEndpoint(API.uploads.storageSession),
    handler: async (req, reply) => {
      const p = sessionOf(req)
      grantStorageAccess(req, reply, p, (req.headers.authorization ?? '').slice('Bearer '.length))
      return reply.code(204).send()
    },
  })
}
export default routes
