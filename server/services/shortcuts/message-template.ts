import { eq } from 'drizzle-orm'
import { DEFAULT_LANGUAGE, type Language } from '../../../contract/enums'
import type { Caller } from '../../../contract/policy'
import { asEmployee, authorize } from '../../auth/caller'
import type { DbOrTx } from '../../db/client'
import { employees } from '../../db/schema'
import { tenant } from '../../scope'

/**
 * The default "new questionnaire" message (GET /message-templates/new-questionnaire), used when a
 * questionnaire has no template of its own. {{name}}: the customer's first name; {{link}}: the
 * shortcut link.
 */
export const NEW_QUESTIONNAIRE_TEMPLATE: Record<Language, { subject: string; text: string }> = {
  nl: {
    subject: 'Een vragenlijst voor je bezoek',
    text: 'Hoi {{name}},\n\nWil je deze vragenlijst invullen voor je bezoek? Open de link om te beginnen:\n{{link}}\n\nTot snel!',
  },
  en: {
    subject: 'A questionnaire for your visit',
    text: 'Hi {{name}},\n\nWould you fill in this questionnaire before your visit? Open the link to start:\n{{link}}\n\nSee you soon!',
  },
}

/** GET /message-templates/new-questionnaire: in the asked language, else the employee's own. */
export async function newQuestionnaireTemplate(opts: { db: DbOrTx; caller: Caller; language?: Language }) {
  authorize(opts.caller, 'messageTemplates.read')
  const me = asEmployee(opts.caller)
  let language = opts.language
  if (!language) {
    const [e] = await opts.db
      .select({ language: employees.language })
      .from(employees)
      .where(tenant(employees, me, eq(employees.id, me.employeeId)))
    language = (e?.language as Language | undefined) ?? DEFAULT_LANGUAGE
  }
  return { language, ...NEW_QUESTIONNAIRE_TEMPLATE[language] }
}
