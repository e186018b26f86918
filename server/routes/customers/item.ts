import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { API } from '../../../contract/endpoints'
import { handle } from '../../http/handle'
import { getCustomer, updateCustomer } from '../../services/customers'

const routes: FastifyPluginAsyncZod = async (app) => {
  handle(app, API.customers.get, ({ caller, db, params }) => getCustomer({ caller, db, id: params.id }))
  handle(app, API.customers.update, ({ caller, db, params, body }) =>
    updateCustomer({ caller, db, id: params.id, changes: body.changes, base: body.base }),
  )
}
export default routes
