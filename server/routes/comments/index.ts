import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { API } from '../../../contract/endpoints'
import { callerOf } from '../../http/caller'
import { fromEndpoint } from '../../http/endpoint'
import { addComment, deleteComment, editComment, listComments } from '../../services/comments'

/**
 * Comments on a customer (issue 10), each call with the customer and branch as its query. POST
 * is keyed by the client's UUID: 201 new, 200 when the same comment arrives again.
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...fromEndpoint(API.customerComments.list),
    handler: async (req) => {
      const { period, ...scope } = req.query
      return listComments({ db: app.db, caller: await callerOf(req), scope, period })
    },
  })
  app.route({
    ...fromEndpoint(API.customerComments.create),
    handler: async (req, reply) => {
      const { comment, created } = await addComment({ db: app.db, caller: await callerOf(req), input: req.body })
      return reply.code(created ? 201 : 200).send(comment)
    },
  })
  app.route({
    ...fromEndpoint(API.customerComments.update),
    handler: async (req) =>
      editComment({
        db: app.db,
        caller: await callerOf(req),
        id: req.params.id,
        scope: req.query,
        text: req.body.text,
      }),
  })
  app.route({
    ...fromEndpoint(API.customerComments.remove),
    handler: async (req, reply) => {
      await deleteComment({ db: app.db, caller: await callerOf(req), id: req.params.id, scope: req.query })
      return reply.code(204).send()
    },
  })
}
export default routes
