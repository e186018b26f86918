import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ZCustomerConflict } from '../../../contract/customers'
import { callerOf } from '../../http/caller'
import { listConflicts, resolveConflict } from '../../services/customers'
import { tags, ZConflictParams, ZCustomerParams } from './params'

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/organisations/:org/customers/:id/conflicts',
    { schema: { tags, params: ZCustomerParams, response: { 200: z.array(ZCustomerConflict) } } },
    async (req) => listConflicts({ caller: await callerOf(req), db: app.db, customerId: req.params.id }),
  )

  app.post(
    '/organisations/:org/customers/:id/conflicts/:conflictId/resolve',
    { schema: { tags, params: ZConflictParams, response: { 200: ZCustomerConflict } } },
    async (req) =>
      resolveConflict({
        caller: await callerOf(req),
        db: app.db,
        id: req.params.conflictId,
        customerId: req.params.id,
      }),
  )
}
export default routes
