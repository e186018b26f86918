import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { API } from '../../../contract/endpoints'
import { callerOf } from '../../http/caller'
import { fromEndpoint } from '../../http/endpoint'
import { allCustomers, createCustomer, listCustomers, lookupCustomerEmail } from '../../services/customers'

const routes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...fromEndpoint(API.customers.list),
    handler: async (req) => listCustomers({ caller: await callerOf(req), db: app.db, ...req.query }),
  })
  app.route({
    ...fromEndpoint(API.customers.search),
    handler: async (req) => listCustomers({ caller: await callerOf(req), db: app.db, ...req.body }),
  })
  app.route({
    ...fromEndpoint(API.customers.create),
    handler: async (req, reply) => {
      const { customer, created } = await createCustomer({ caller: await callerOf(req), db: app.db, input: req.body })
      // assignExisting answers the existing customer (200); a new one is 201.
      return reply.code(created ? 201 : 200).send(customer)
    },
  })
  app.route({
    ...fromEndpoint(API.customers.lookupEmail),
    handler: async (req) => lookupCustomerEmail({ caller: await callerOf(req), db: app.db, email: req.query.email }),
  })
  app.route({
    ...fromEndpoint(API.customers.all),
    handler: async (req) => allCustomers({ caller: await callerOf(req), db: app.db, ...req.query }),
  })
}
export default routes
