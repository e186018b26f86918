import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { API } from '../../../contract/endpoints'
import { handle } from '../../http/handle'
import { grantStorageAccess } from '../../integrations/storage/access'

/**
 * POST /storage/session: the signed-in browser asks for the cookie that lets its <img> tags load
 * the organisation's stored files (server/integrations/storage/access.ts). Called after sign-in
 * and at start-up; answers 204, or 204 with no cookie for a global admin (no organisation).
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  handle(app, API.uploads.storageSession, ({ caller, req, reply }) => {
    grantStorageAccess(req, reply, caller, (req.headers.authorization ?? '').slice('Bearer '.length))
  })
}
export default routes
