import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { eq } from 'drizzle-orm'
import { DEFAULT_LANGUAGE, type Language } from '../../../contract/enums'
import { ZMessageTemplate, ZMessageTemplateQuery } from '../../../contract/questionnaires'
import { requirePrincipal } from '../../auth/guards'
import { employees } from '../../db/schema'
import { AppError } from '../../errors'
import { NEW_QUESTIONNAIRE_TEMPLATE } from '../../services/shortcuts/message-template'

/** GET /message-templates/new-questionnaire: the default text, in the asked or the employee's language. */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/message-templates/new-questionnaire',
    { schema: { tags: ['questionnaires'], querystring: ZMessageTemplateQuery, response: { 200: ZMessageTemplate } } },
    async (req) => {
      const p = requirePrincipal(req)
      if (p.kind !== 'employee') throw new AppError('FORBIDDEN')
      let language: Language | undefined = req.query.language
      if (!language) {
        const [e] = await app.db
          .select({ language: employees.language })
          .from(employees)
          .where(eq(employees.id, p.employeeId))
        language = (e?.language as Language | undefined) ?? DEFAULT_LANGUAGE
      }
      return { language, ...NEW_QUESTIONNAIRE_TEMPLATE[language] }
    },
  )
}
export default routes
