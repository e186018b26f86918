import { visibleQuestions } from '../conditions/visibility'
import { isIsoDate, isoToDateText } from '../dates'
import { dateTextError, MSG } from '../validation'
import { type Answer, type AnswersIn, type AnswerValue, answerList, answerMap, isAnswered } from './answer-value'
import { QUESTIONNAIRE_MSG } from './messages'
import { type Question, RATING_MAX } from './questions'

/**
 * A date answer that is not a real yyyy-MM-dd day. The filling screen keeps what the person
 * typed (dd-mm-yyyy) as the answer until it is a date, so that text is named in the message.
 */
function dateAnswerError(v: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(v)) return MSG.dateInvalid.replace('{{value}}', v)
  return dateTextError(v) ?? MSG.date
}

/** Why a value does not fit its question, or null when it fits. */
export function answerError(q: Question, v: AnswerValue): string | null {
  if (!isAnswered(v) || q.type === 'information') return null
  const many = Array.isArray(v)
  if (many && !q.allowMultiple) return QUESTIONNAIRE_MSG.invalidAnswer
  const list = answerList(v)
  switch (q.type) {
    case 'string':
    case 'image':
      return typeof v === 'string' || many ? null : QUESTIONNAIRE_MSG.invalidAnswer
    case 'option': {
      if (typeof v !== 'string' && !many) return QUESTIONNAIRE_MSG.invalidAnswer
      const ids = new Set(q.options.map((o) => o.id))
      return q.allowCustomValue || list.every((x) => ids.has(x)) ? null : QUESTIONNAIRE_MSG.invalidAnswer
    }
    case 'number':
      if (typeof v === 'string') return MSG.numberInvalid.replace('{{value}}', v)
      return typeof v === 'number' && Number.isFinite(v) ? null : QUESTIONNAIRE_MSG.invalidAnswer
    case 'rating':
      return typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= RATING_MAX
        ? null
        : QUESTIONNAIRE_MSG.invalidAnswer
    case 'boolean':
      return typeof v === 'boolean' ? null : QUESTIONNAIRE_MSG.invalidAnswer
    case 'date':
      if (many) return QUESTIONNAIRE_MSG.invalidAnswer
      return isIsoDate(v) ? null : typeof v === 'string' ? dateAnswerError(v) : MSG.date
  }
}

export type AnswerCheck = {
  /** Required, visible questions without an answer. */
  missing: string[]
  /** Answers that do not fit their question (or name no question of this questionnaire). */
  invalid: { questionId: string; message: string }[]
  /** The answers to keep: visible questions only, in question order, information excluded. */
  answers: Answer[]
}

/**
 * The required check and the type check, shared by the tablet form and the server. Which
 * questions count is display logic's (../conditions): a hidden question is neither required nor kept.
 */
export function validateAnswers(questionnaire: { questions: Question[] }, answers: AnswersIn): AnswerCheck {
  const given = answerMap(answers)
  const byId = new Map(questionnaire.questions.map((q) => [q.id, q]))
  const invalid: AnswerCheck['invalid'] = []
  for (const id of given.keys())
    if (!byId.has(id)) invalid.push({ questionId: id, message: QUESTIONNAIRE_MSG.unknownQuestion })
  const missing: string[] = []
  const kept: Answer[] = []
  for (const q of visibleQuestions(questionnaire, given)) {
    if (q.type === 'information') continue
    const v = given.get(q.id)
    if (!isAnswered(v)) {
      if (q.required) missing.push(q.id)
      continue
    }
    const err = answerError(q, v as AnswerValue)
    if (err) invalid.push({ questionId: q.id, message: err })
    else kept.push({ questionId: q.id, value: v as AnswerValue })
  }
  return { missing, invalid, answers: kept }
}

/** The text of an answer for staff (employee titles) or customers (customer titles). */
export function answerText(q: Question, v: AnswerValue | undefined, audience: 'employee' | 'customer'): string {
  if (!isAnswered(v)) return ''
  if (q.type === 'option') {
    const title = (id: string) => {
      const o = q.options.find((x) => x.id === id)
      return o ? (audience === 'employee' ? o.employeeTitle : o.customerTitle) : id
    }
    return answerList(v).map(title).join(', ')
  }
  if (q.type === 'date' && typeof v === 'string') return isoToDateText(v)
  return answerList(v).join(', ')
}
