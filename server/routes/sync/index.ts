import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ANY } from '../../http/input-guard'
import { z } from 'zod'
import { ZChangesQuery, ZChangesResponse, ZPushRequest, ZPushResponse } from '../../../contract/sync'
import { requireEmployee, requirePrincipal } from '../../auth/guards'
import { AppError } from '../../errors'
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
    {
      schema: { tags, params: ZParams, body: ZPushRequest, response: { 200: ZPushResponse } },
      // Each mutation's args are checked on their own (push.ts): a bad one is rejected, the
      // rest of the batch still applies, and the tablet's queue never sticks on it.
      config: { inputGuardSkip: [['mutations', ANY, 'args']] },
    },
    async (req) => {
      // A signed-in customer pushes their own submissions (the customer area's outbox, push only).
      const p = requirePrincipal(req)
      const scope =
        p.kind === 'customer'
          ? customerScope(p.organisationId === req.params.org ? p : null, p.customerId)
          : await requireEmployee(req, req.params.org)
      return pushMutations({ scope, db: app.db, salonId: req.params.salon, request: req.body })
    },
  )
}
/** A customer's push scope: no staff permissions, only their own customer id. */
function customerScope(p: { organisationId: string } | null, customerId: string) {
  // Another organisation's id is answered like a missing one.
  if (!p) throw new AppError('NOT_FOUND')
  return { organisationId: p.organisationId, employeeId: null, salonPermissions: new Map(), customerId }
}
export default routes
