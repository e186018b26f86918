import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ZMessageTemplate, ZMessageTemplateQuery } from '../../../contract/questionnaires'
import { ownCallerOf } from '../../http/caller'
import { newQuestionnaireTemplate } from '../../services/shortcuts/message-template'

/** GET /message-templates/new-questionnaire: the default text, in the asked or the employee's language. */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/message-templates/new-questionnaire',
    { schema: { tags: ['questionnaires'], querystring: ZMessageTemplateQuery, response: { 200: ZMessageTemplate } } },
    async (req) =>
      newQuestionnaireTemplate({ db: app.db, caller: await ownCallerOf(req), language: req.query.language }),
  )
}
export default routes
