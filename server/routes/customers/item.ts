import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ZCustomer, ZUpdateCustomer, ZUpdateCustomerResult } from '../../../contract/customers'
import { callerOf } from '../../http/caller'
import { getCustomer, updateCustomer } from '../../services/customers'
import { tags, ZCustomerParams } from './params'

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/organisations/:org/customers/:id',
    { schema: { tags, params: ZCustomerParams, response: { 200: ZCustomer } } },
    async (req) => getCustomer({ caller: await callerOf(req), db: app.db, id: req.params.id }),
  )

  app.put(
    '/organisations/:org/customers/:id',
    { schema: { tags, params: ZCustomerParams, body: ZUpdateCustomer, response: { 200: ZUpdateCustomerResult } } },
    async (req) =>
      updateCustomer({
        caller: await callerOf(req),
        db: app.db,
        id: req.params.id,
        changes: req.body.changes,
        base: req.body.base,
      }),
  )
}
export default routes
