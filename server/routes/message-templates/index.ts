import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { API } from '../../../contract/endpoints'
import { handle } from '../../http/handle'
import { newQuestionnaireTemplate } from '../../services/shortcuts/message-template'

/** GET /message-templates/new-questionnaire: the default text, in the asked or the employee's language. */
const routes: FastifyPluginAsyncZod = async (app) => {
  handle(app, API.questionnaires.newQuestionnaireTemplate, ({ caller, db, query }) =>
    newQuestionnaireTemplate({ db, caller, language: query.language }),
  )
}
export default routes
