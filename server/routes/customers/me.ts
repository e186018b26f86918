import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ZCustomerSelf, ZUpdateMe } from '../../../contract/customers'
import { callerOf } from '../../http/caller'
import { getMe, updateMe } from '../../services/customers'
import { tags, ZOrgParams } from './params'

/** The signed-in customer's own profile (customer session, not staff). */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/organisations/:org/customers/me',
    { schema: { tags, params: ZOrgParams, response: { 200: ZCustomerSelf } } },
    async (req) => getMe({ caller: await callerOf(req), db: app.db }),
  )

  app.put(
    '/organisations/:org/customers/me',
    { schema: { tags, params: ZOrgParams, body: ZUpdateMe, response: { 200: ZCustomerSelf } } },
    async (req) => updateMe({ caller: await callerOf(req), db: app.db, changes: req.body }),
  )
}
export default routes
