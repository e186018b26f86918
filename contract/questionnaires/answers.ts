import { visibleQuestions } from '../conditions/visibility'
import { isIsoDate, isoToDateText } from '../dates'
import { type ContractIssue, contractIssue } from '../messages'
import { dateTextError } from '../validation'
import { type Answer, type AnswersIn, type AnswerValue, answerList, answerMap, isAnswered } from './answer-value'
import { type Question, RATING_MAX } from './questions'

/**
 * A date answer that is not a real yyyy-MM-dd day. The filling screen keeps what the person
 * typed (dd-mm-yyyy) as the answer until it is a date, so that text is named in the message.
 */
function dateAnswerError(v: string): ContractIssue {
  if (/^\d{4}-\d{2}-\d{2}$/.test(v)) return contractIssue('dateInvalid', { value: v })
  return dateTextError(v) ?? contractIssue('date')
}

const INVALID = contractIssue('questionnaire.invalidAnswer')

/** Why a value does not fit its question (code, values, English), or null when it fits. */
export function answerError(q: Question, v: AnswerValue): ContractIssue | null {
  if (!isAnswered(v) || q.type === 'information') return null
  const many = Array.isArray(v)
  if (many && !q.allowMultiple) return INVALID
  const list = answerList(v)
  switch (q.type) {
    case 'string':
    case 'image':
      return typeof v === 'string' || many ? null : INVALID
    case 'option': {
      if (typeof v !== 'string' && !many) return INVALID
      const ids = new Set(q.options.map((o) => o.id))
      return q.allowCustomValue || list.every((x) => ids.has(x)) ? null : INVALID
    }
    case 'number':
      if (typeof v === 'string') return contractIssue('numberInvalid', { value: v })
      return typeof v === 'number' && Number.isFinite(v) ? null : INVALID
    case 'rating':
      return typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= RATING_MAX ? null : INVALID
    case 'boolean':
      return typeof v === 'boolean' ? null : INVALID
    case 'date':
      if (many) return INVALID
      return isIsoDate(v) ? null : typeof v === 'string' ? dateAnswerError(v) : contractIssue('date')
  }
}

export type AnswerCheck = {
  /** Required, visible questions without an answer. */
  missing: string[]
  /** Answers that do not fit their question (or name no question of this questionnaire). */
  invalid: ({ questionId: string } & ContractIssue)[]
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
    if (!byId.has(id)) invalid.push({ questionId: id, ...contractIssue('questionnaire.unknownQuestion') })
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
    if (err) invalid.push({ questionId: q.id, ...err })
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
