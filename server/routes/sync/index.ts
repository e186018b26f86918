import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { API } from '../../../contract/endpoints'
import { callerOf } from '../../http/caller'
import { fromEndpoint } from '../../http/endpoint'
import { ANY } from '../../http/input-guard'
import { getChanges, pushMutations } from '../../services/sync'

/** The replica protocol of one branch; see server/services/sync/README.md. */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...fromEndpoint(API.sync.changes),
    handler: async (req) =>
      getChanges({ caller: await callerOf(req), db: app.db, salonId: req.params.salon, ...req.query }),
  })
  app.route({
    ...fromEndpoint(API.sync.push),
    // Each mutation's args are checked on their own (push.ts): a bad one is rejected, the
    // rest of the batch still applies, and the tablet's queue never sticks on it.
    config: { inputGuardSkip: [['mutations', ANY, 'args']] },
    // Staff, or a signed-in customer pushing their own submissions (the customer area's outbox).
    handler: async (req) =>
      pushMutations({
        caller: await callerOf(req),
        db: app.db,
        salonId: req.params.salon,
        request: req.body,
        origin: { dataDir: app.config.dataDir, ipAddress: req.ip, userAgent: req.headers['user-agent'] ?? null },
      }),
  })
}
export default routes
