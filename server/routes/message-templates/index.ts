import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { API } from '../../../contract/endpoints'
import { ownCallerOf } from '../../http/caller'
import { fromEndpoint } from '../../http/endpoint'
import { newQuestionnaireTemplate } from '../../services/shortcuts/message-template'

/** GET /message-templates/new-questionnaire: the default text, in the asked or the employee's language. */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...fromEndpoint(API.questionnaires.newQuestionnaireTemplate),
    handler: async (req) =>
      newQuestionnaireTemplate({ db: app.db, caller: await ownCallerOf(req), language: req.query.language }),
  })
}
export default routes
