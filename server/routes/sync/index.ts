import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ZChangesQuery, ZChangesResponse, ZPushRequest, ZPushResponse } from '../../../contract/sync'
import { requireEmployee } from '../../auth/guards'
import { getChanges, pushMutations } from '../../services/sync'

const ZParams = z.object({ org: z.string().max(100), salon: z.string().uuid() })
const tags = ['sync']

/** The replica protocol of one branch; see server/services/sync/README.md. */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/organisations/:org/salons/:salon/sync/changes',
    { schema: { tags, params: ZParams, querystring: ZChangesQuery, response: { 200: ZChangesResponse } } },
    async (req) =>
      getChanges({
        scope: await requireEmployee(req, req.params.org),
        db: app.db,
        salonId: req.params.salon,
        ...req.query,
      }),
  )

  app.post(
    '/organisations/:org/salons/:salon/sync/push',
    { schema: { tags, params: ZParams, body: ZPushRequest, response: { 200: ZPushResponse } } },
    async (req) =>
      pushMutations({
        scope: await requireEmployee(req, req.params.org),
        db: app.db,
        salonId: req.params.salon,
        request: req.body,
      }),
  )
}
export default routes
