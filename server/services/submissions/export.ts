import { asc, eq } from 'drizzle-orm'
import Papa from 'papaparse'
import type { Language } from '../../../contract/enums'
import { type Answer, answerText, type Question } from '../../../contract/questionnaires'
import type { DbOrTx } from '../../db/client'
import { customers, organisations, questionnaireSubmissions } from '../../db/schema'
import { authorizeInBranch, type TenantCaller } from '../../auth/caller'
import { tenant } from '../../scope'
import { loadQuestionnaire } from '../questionnaires'
import { visibleFilter } from './access'

const HEADERS: Record<Language, { submittedAt: string; customer: string; email: string; yes: string; no: string }> = {
  nl: { submittedAt: 'Ingevuld op', customer: 'Klant', email: 'E-mail', yes: 'Ja', no: 'Nee' },
  en: { submittedAt: 'Submitted at', customer: 'Customer', email: 'E-mail', yes: 'Yes', no: 'No' },
}

/** dd-MM-yyyy HH:mm (spec §9) in the salon's time zone. */
export const when = (d: Date) => {
  const p = new Intl.DateTimeFormat('nl-NL', {
    timeZone: 'Europe/Amsterdam',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(d)
  const v = (t: string) => p.find((x) => x.type === t)?.value ?? ''
  return `${v('day')}-${v('month')}-${v('year')} ${v('hour')}:${v('minute')}`
}

/**
 * Text starting with = + - @ (or a tab/CR) would run as a formula in a spreadsheet (CSV
 * injection): it gets a leading apostrophe. Plain numbers such as -5 stay numbers. (Papa's own
 * escapeFormulae misses values that contain a line break.)
 */
export const noFormula = (s: string) => (/^[=+\-@\t\r]/.test(s) && !Number.isFinite(Number(s)) ? `'${s}` : s)

/**
 * GET …/questionnaires/{id}/export: one row per submission of this branch's customers, one column
 * per question (option titles as staff read them, not ids), RFC 4180 with a BOM so spreadsheet
 * programs read UTF-8. Headers in the organisation's language.
 */
export async function exportSubmissionsCsv(opts: { db: DbOrTx; caller: TenantCaller; salonId: string; id: string }) {
  const { db, caller, salonId } = opts
  await authorizeInBranch(db, caller, 'questionnaires.export', salonId)
  const questionnaire = await loadQuestionnaire(db, caller, opts.id)
  const [org] = await db
    .select({ language: organisations.invoiceLanguage })
    .from(organisations)
    .where(eq(organisations.id, caller.organisationId))
  const h = HEADERS[(org?.language as Language) ?? 'nl'] ?? HEADERS.nl
  const questions = (questionnaire.questions as Question[]).filter((q) => q.type !== 'information')
  const rows = await db
    .select({
      s: questionnaireSubmissions,
      firstName: customers.firstName,
      lastName: customers.lastName,
      email: customers.email,
    })
    .from(questionnaireSubmissions)
    .innerJoin(customers, eq(customers.id, questionnaireSubmissions.customerId))
    .where(
      tenant(
        questionnaireSubmissions,
        caller,
        eq(questionnaireSubmissions.questionnaireId, questionnaire.id),
        visibleFilter(caller, salonId),
      ),
    )
    .orderBy(asc(questionnaireSubmissions.submittedAt), asc(questionnaireSubmissions.id))
  const data = rows.map((r) => {
    const values = new Map((r.s.answers as Answer[]).map((a) => [a.questionId, a.value]))
    const cells = questions.map((q) => {
      const v = values.get(q.id)
      if (typeof v === 'boolean') return v ? h.yes : h.no
      return noFormula(answerText(q, v, 'employee'))
    })
    return [when(r.s.submittedAt), noFormula(`${r.firstName} ${r.lastName}`), r.email, ...cells]
  })
  const fields = [h.submittedAt, h.customer, h.email, ...questions.map((q) => noFormula(q.name))]
  const csv = Papa.unparse({ fields, data }, { newline: '\r\n' })
  const safeName = questionnaire.name.replace(/[^\p{L}\p{N} _-]+/gu, '').trim() || 'questionnaire'
  return { filename: `${safeName}.csv`, csv: `\uFEFF${csv}` }
}
