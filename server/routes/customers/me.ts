import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { API } from '../../../contract/endpoints'
import { handle } from '../../http/handle'
import { getMe, updateMe } from '../../services/customers'

/** The signed-in customer's own profile (customer session, not staff). */
const routes: FastifyPluginAsyncZod = async (app) => {
  handle(app, API.customers.me, ({ caller, db }) => getMe({ caller, db }))
  handle(app, API.customers.updateMe, ({ caller, db, body }) => updateMe({ caller, db, changes: body }))
}
export default routes
