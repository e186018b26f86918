import type { TFunction } from 'i18next'
import { answerFor, type CustomerAnswers, subconditionHolds } from '../../../contract/conditions/advice'
import { formatCustomValue } from '../../../contract/custom-fields'
import type { DashboardElement } from '../../../contract/dashboard'
import { type AnswerValue, isAnswered, type Question } from '../../../contract/questionnaires'
import type { LocalCustomer, LocalCustomField, LocalQuestionnaire } from '../../local-db/types'
import { formatDate } from '../../ui/format'

/*
 * What one card element shows for one customer (issue 11): its label and value, or nothing.
 * Direct: shown when answered. Conditional: shown when its condition on the answer holds.
 * Persistent: always shown, "—" when not answered.
 */

export type ResolvedElement =
  | { kind: 'question'; label: string; q: Question; value: AnswerValue | undefined }
  | { kind: 'text'; label: string; text: string | null }

export type CardContext = {
  questionnaires: Map<string, LocalQuestionnaire>
  answers: CustomerAnswers
  customer: LocalCustomer
  customFields: Map<string, LocalCustomField>
  lang: 'nl' | 'en'
  t: TFunction
  /** The one phone format staff read (useFormatPhone), so the card says what the list says. */
  formatPhone: (value: string) => string
}

export function resolveElement(e: DashboardElement, ctx: CardContext): ResolvedElement | null {
  const s = e.source
  let resolved: ResolvedElement | null = null
  let raw: AnswerValue | undefined
  if (s.kind === 'question') {
    const q = ctx.questionnaires.get(s.questionnaireId)?.questions.find((x) => x.id === s.questionId)
    if (!q) return null
    raw = answerFor(s, ctx.answers)
    resolved = { kind: 'question', label: e.label || q.name, q: q as Question, value: raw }
  } else if (s.kind === 'field') {
    const v = ctx.customer[s.field]
    raw = v === null || v === '' || (s.field === 'gender' && v === 'undefined') ? undefined : (v as string)
    const text =
      raw === undefined
        ? null
        : s.field === 'dateOfBirth'
          ? formatDate(String(raw))
          : s.field === 'gender'
            ? ctx.t(`customers.gender.${raw}`)
            : s.field === 'phoneNumber'
              ? ctx.formatPhone(String(raw))
              : String(raw)
    resolved = { kind: 'text', label: e.label || ctx.t(`customer-card.fields.${s.field}`), text }
  } else {
    const f = ctx.customFields.get(s.fieldId)
    if (!f) return null
    const v = ctx.customer.customValues?.[f.propertyName]
    raw = v === undefined || v === '' ? undefined : v
    resolved = {
      kind: 'text',
      label: e.label || f.displayName,
      text: raw === undefined ? null : formatCustomValue(f, v, ctx.lang),
    }
  }
  const answered = isAnswered(raw)
  if (e.type === 'Direct' && !answered) return null
  if (e.type === 'Conditional') {
    const c = e.condition
    if (!c) return null
    const holds = subconditionHolds(
      { questionnaireId: '00000000-0000-0000-0000-000000000000', questionId: 'x', ...c },
      answered ? raw : undefined,
    )
    if (!holds) return null
  }
  return resolved
}
