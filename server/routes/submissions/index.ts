import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { API } from '../../../contract/endpoints'
import { callerOf } from '../../http/caller'
import { fromEndpoint } from '../../http/endpoint'
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
  app.route({
    ...fromEndpoint(API.submissions.create),
    handler: async (req, reply) => {
      const { submission, created } = await createSubmission({
        db: app.db,
        caller: await callerOf(req),
        salonId: req.params.salon,
        input: req.body,
      })
      return reply.code(created ? 201 : 200).send(submission)
    },
  })
  app.route({
    ...fromEndpoint(API.submissions.list),
    handler: async (req) =>
      listSubmissions({ db: app.db, caller: await callerOf(req), salonId: req.params.salon, ...req.query }),
  })
  app.route({
    ...fromEndpoint(API.submissions.recent),
    handler: async (req) => recentSubmissions({ db: app.db, caller: await callerOf(req), salonId: req.params.salon }),
  })
  app.route({
    ...fromEndpoint(API.submissions.get),
    handler: async (req) =>
      getSubmission({ db: app.db, caller: await callerOf(req), salonId: req.params.salon, id: req.params.id }),
  })
  app.route({
    ...fromEndpoint(API.submissions.updateAnswer),
    handler: async (req) =>
      updateAnswer({
        db: app.db,
        caller: await callerOf(req),
        salonId: req.params.salon,
        id: req.params.id,
        change: req.body,
      }),
  })
}
export default routes
