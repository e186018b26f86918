import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { API } from '../../../contract/endpoints'
import { handle } from '../../http/handle'
import { ANY } from '../../http/input-guard'
import { getChanges, pushMutations } from '../../services/sync'
import { requestOrigin } from '../../http/origin'

/** The replica protocol of one branch; see server/services/sync/README.md. */
const routes: FastifyPluginAsyncZod = async (app) => {
  // One snapshot for the whole page: every entity's list, the cursor and lastMutationSeq are read
  // as of one moment, so a row committed between two of its reads can never be passed by the
  // single `cursor` of an older client (sync-pull-race.test.ts).
  handle(app, API.sync.changes, ({ caller, db, params, query }) =>
    db.transaction((tx) => getChanges({ caller, db: tx, salonId: params.salon, ...query }), {
      isolationLevel: 'repeatable read',
      accessMode: 'read only',
    }),
  )
  // Staff, or a signed-in customer pushing their own submissions (the customer area's outbox).
  handle(
    app,
    API.sync.push,
    async ({ caller, db, params, body, req }) => {
      const pushed = await pushMutations({
        caller,
        db,
        salonId: params.salon,
        request: body,
        origin: requestOrigin(req),
      })
      app.metrics.pushed(pushed.results)
      return pushed
    },
    // Each mutation's args are checked on their own (push.ts): a bad one is rejected, the
    // rest of the batch still applies, and the tablet's queue never sticks on it.
    { config: { inputGuardSkip: [['mutations', ANY, 'args']] } },
  )
}
export default routes
