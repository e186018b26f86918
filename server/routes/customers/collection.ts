import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { API } from '../../../contract/endpoints'
import { handle, withStatus } from '../../http/handle'
import { allCustomers, createCustomer, listCustomers, lookupCustomerEmail } from '../../services/customers'

const routes: FastifyPluginAsyncZod = async (app) => {
  handle(app, API.customers.list, ({ caller, db, query }) => listCustomers({ caller, db, ...query }))
  handle(app, API.customers.search, ({ caller, db, body }) => listCustomers({ caller, db, ...body }))
  handle(app, API.customers.create, async ({ caller, db, body }) => {
    const { customer, created } = await createCustomer({ caller, db, input: body })
    // assignExisting answers the existing customer (200); a new one is 201.
    return withStatus(created ? 201 : 200, customer)
  })
  handle(app, API.customers.lookupEmail, ({ caller, db, query }) =>
    lookupCustomerEmail({ caller, db, email: query.email }),
  )
  handle(app, API.customers.all, ({ caller, db, query }) => allCustomers({ caller, db, ...query }))
}
export default routes
