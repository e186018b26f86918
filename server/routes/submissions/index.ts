import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { API } from '../../../contract/endpoints'
import { handle, withStatus } from '../../http/handle'
import {
  createSubmission,
  getSubmission,
  listSubmissions,
  recentSubmissions,
  updateAnswer,
} from '../../services/submissions'

/**
 * Questionnaire submissions of a branch: append-only, keyed by the client's UUID (201 new, 200
 * when the same submission arrives again). Customers submit and read their own; staff the
 * branch's customers'.
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  const S = API.submissions
  handle(app, S.create, async ({ caller, db, params, body }) => {
    const { submission, created } = await createSubmission({ db, caller, salonId: params.salon, input: body })
    return withStatus(created ? 201 : 200, submission)
  })
  handle(app, S.list, ({ caller, db, params, query }) =>
    listSubmissions({ db, caller, salonId: params.salon, ...query }),
  )
  handle(app, S.recent, ({ caller, db, params }) => recentSubmissions({ db, caller, salonId: params.salon }))
  handle(app, S.get, ({ caller, db, params }) => getSubmission({ db, caller, salonId: params.salon, id: params.id }))
  handle(app, S.updateAnswer, ({ caller, db, params, body }) =>
    updateAnswer({ db, caller, salonId: params.salon, id: params.id, change: body }),
  )
}
export default routes
