import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  ZCreateCustomer,
  ZCustomer,
  ZCustomerEmailLookup,
  ZCustomerList,
  ZCustomerListQuery,
  ZCustomerSearch,
  ZCustomerSummary,
} from '../../../contract/customers'
import { zEmail } from '../../../contract/validation'
import { callerOf } from '../../http/caller'
import { allCustomers, createCustomer, listCustomers, lookupCustomerEmail } from '../../services/customers'
import { tags, ZOrgParams } from './params'

const routes: FastifyPluginAsyncZod = async (app) => {
  const base = '/organisations/:org/customers'

  app.get(
    base,
    { schema: { tags, params: ZOrgParams, querystring: ZCustomerListQuery, response: { 200: ZCustomerList } } },
    async (req) => listCustomers({ caller: await callerOf(req), db: app.db, ...req.query }),
  )

  app.post(
    `${base}/search`,
    { schema: { tags, params: ZOrgParams, body: ZCustomerSearch, response: { 200: ZCustomerList } } },
    async (req) => listCustomers({ caller: await callerOf(req), db: app.db, ...req.body }),
  )

  app.post(
    base,
    { schema: { tags, params: ZOrgParams, body: ZCreateCustomer, response: { 200: ZCustomer, 201: ZCustomer } } },
    async (req, reply) => {
      const { customer, created } = await createCustomer({ caller: await callerOf(req), db: app.db, input: req.body })
      // assignExisting answers the existing customer (200); a new one is 201.
      return reply.code(created ? 201 : 200).send(customer)
    },
  )

  app.get(
    `${base}/email`,
    {
      schema: {
        tags,
        params: ZOrgParams,
        querystring: z.object({ email: zEmail }),
        response: { 200: ZCustomerEmailLookup },
      },
    },
    async (req) => lookupCustomerEmail({ caller: await callerOf(req), db: app.db, email: req.query.email }),
  )

  app.get(
    `${base}/all`,
    {
      schema: {
        tags,
        params: ZOrgParams,
        querystring: z.object({ salonId: z.string().uuid().optional() }),
        response: { 200: z.array(ZCustomerSummary) },
      },
    },
    async (req) => allCustomers({ caller: await callerOf(req), db: app.db, salonId: req.query.salonId }),
  )
}
export default routes
