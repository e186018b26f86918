import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ANY } from '../../http/input-guard'
import { z } from 'zod'
import { ZChangesQuery, ZChangesResponse, ZPushRequest, ZPushResponse } from '../../../contract/sync'
import { callerOf } from '../../http/caller'
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
        scope: await callerOf(req),
        db: app.db,
        salonId: req.params.salon,
        ...req.query,
      }),
  )

  app.post(
    '/organisations/:org/salons/:salon/sync/push',
    {
      schema: { tags, params: ZParams, body: ZPushRequest, response: { 200: ZPushResponse } },
      // Each mutation's args are checked on their own (push.ts): a bad one is rejected, the
      // rest of the batch still applies, and the tablet's queue never sticks on it.
      config: { inputGuardSkip: [['mutations', ANY, 'args']] },
    },
    // A signed-in customer pushes their own submissions (the customer area's outbox, push only).
    async (req) =>
      pushMutations({ scope: await callerOf(req), db: app.db, salonId: req.params.salon, request: req.body }),
  )
}
export default routes
