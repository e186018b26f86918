import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { API } from '../../../contract/endpoints'
import { callerOf } from '../../http/caller'
import { fromEndpoint } from '../../http/endpoint'
import { listCustomFields } from '../../services/custom-fields/read'
import {
  createCustomField,
  deleteCustomField,
  reorderCustomFields,
  updateCustomField,
} from '../../services/custom-fields/write'

/** The organisation's custom customer fields (issue 10). `/order` is matched before `/:id`. */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...fromEndpoint(API.customFields.list),
    handler: async (req) => listCustomFields({ db: app.db, caller: await callerOf(req) }),
  })
  app.route({
    ...fromEndpoint(API.customFields.create),
    handler: async (req, reply) =>
      reply.code(201).send(await createCustomField({ db: app.db, caller: await callerOf(req), input: req.body })),
  })
  app.route({
    ...fromEndpoint(API.customFields.reorder),
    handler: async (req) => reorderCustomFields({ db: app.db, caller: await callerOf(req), ids: req.body.ids }),
  })
  app.route({
    ...fromEndpoint(API.customFields.update),
    handler: async (req) =>
      updateCustomField({ db: app.db, caller: await callerOf(req), id: req.params.id, patch: req.body }),
  })
  app.route({
    ...fromEndpoint(API.customFields.remove),
    handler: async (req, reply) => {
      await deleteCustomField({ db: app.db, caller: await callerOf(req), id: req.params.id })
      return reply.code(204).send()
    },
  })
}
export default routes
