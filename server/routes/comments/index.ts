import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { API } from '../../../contract/endpoints'
import { handle, withStatus } from '../../http/handle'
import { addComment, deleteComment, editComment, listComments } from '../../services/comments'

/**
 * Comments on a customer (issue 10), each call with the customer and branch as its query. POST
 * is keyed by the client's UUID: 201 new, 200 when the same comment arrives again.
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  const C = API.customerComments
  handle(app, C.list, ({ caller, db, query: { period, ...scope } }) => listComments({ db, caller, scope, period }))
  handle(app, C.create, async ({ caller, db, body }) => {
    const { comment, created } = await addComment({ db, caller, input: body })
    return withStatus(created ? 201 : 200, comment)
  })
  handle(app, C.update, ({ caller, db, params, query, body }) =>
    editComment({ db, caller, id: params.id, scope: query, text: body.text }),
  )
  handle(app, C.remove, ({ caller, db, params, query }) => deleteComment({ db, caller, id: params.id, scope: query }))
}
export default routes
