import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  ZCreateSubmission,
  ZSubmission,
  ZSubmissionDetail,
  ZSubmissionList,
  ZSubmissionListItem,
  ZSubmissionListQuery,
  ZUpdateAnswer,
} from '../../../contract/questionnaires'
import { callerOf } from '../../http/caller'
import {
  createSubmission,
  getSubmission,
  listSubmissions,
  recentSubmissions,
  updateAnswer,
} from '../../services/submissions'

const ZSalonParams = z.object({ org: z.string().max(100), salon: z.string().uuid() })
const ZItemParams = ZSalonParams.extend({ id: z.string().uuid() })
const base = '/organisations/:org/salons/:salon/questionnaireSubmissions'
const tags = ['questionnaireSubmissions']

/**
 * Questionnaire submissions of a branch: append-only, keyed by the client's UUID (201 new, 200
 * when the same submission arrives again). Customers submit and read their own; staff the
 * branch's customers'.
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    base,
    {
      schema: { tags, params: ZSalonParams, body: ZCreateSubmission, response: { 200: ZSubmission, 201: ZSubmission } },
    },
    async (req, reply) => {
      const { submission, created } = await createSubmission({
        db: app.db,
        caller: await callerOf(req),
        salonId: req.params.salon,
        input: req.body,
      })
      return reply.code(created ? 201 : 200).send(submission)
    },
  )
  app.get(
    base,
    { schema: { tags, params: ZSalonParams, querystring: ZSubmissionListQuery, response: { 200: ZSubmissionList } } },
    async (req) =>
      listSubmissions({
        db: app.db,
        caller: await callerOf(req),
        salonId: req.params.salon,
        ...req.query,
      }),
  )
  app.get(
    `${base}/recent`,
    { schema: { tags, params: ZSalonParams, response: { 200: z.array(ZSubmissionListItem) } } },
    async (req) => recentSubmissions({ db: app.db, caller: await callerOf(req), salonId: req.params.salon }),
  )
  app.get(`${base}/:id`, { schema: { tags, params: ZItemParams, response: { 200: ZSubmissionDetail } } }, async (req) =>
    getSubmission({
      db: app.db,
      caller: await callerOf(req),
      salonId: req.params.salon,
      id: req.params.id,
    }),
  )
  app.post(
    `${base}/:id/questionSubmission`,
    { schema: { tags, params: ZItemParams, body: ZUpdateAnswer, response: { 200: ZSubmission } } },
    async (req) =>
      updateAnswer({
        db: app.db,
        caller: await callerOf(req),
        salonId: req.params.salon,
        id: req.params.id,
        change: req.body,
      }),
  )
}
export default routes
