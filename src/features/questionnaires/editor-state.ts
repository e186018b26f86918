import {
  type CreateQuestionnaire,
  isAnswerable as isAnswerableQuestion,
  type DisplayCondition,
  type Question,
  type Questionnaire,
  type QuestionType,
  VIDEO_URL_RE,
} from '../../../contract/questionnaires'

/*
 * The editor's working copy of a questionnaire and the pure edits on it (unit tested). Text
 * fields are plain strings while editing; `toPayload` turns the draft into what the API takes,
 * dropping the settings a question's type does not use (they would be invisible to customers).
 */

export type DraftOption = { id: string; customerTitle: string; employeeTitle: string }
export type DraftQuestion = {
  id: string
  name: string
  body: string
  type: QuestionType
  required: boolean
  allowMultiple: boolean
  allowCustomValue: boolean
  options: DraftOption[]
  icon: string | null
  image: string | null
  videoUrl: string
  group: Question['group']
  displayLogic: DisplayCondition[]
}
export type Draft = {
  name: string
  kind: Questionnaire['kind']
  hidden: boolean
  messageTemplate: string
  questions: DraftQuestion[]
}

/** Short random ids: question ids appear in answers, display logic and element ids (`q-<id>`). */
export const newId = (prefix: string) => `${prefix}${Math.random().toString(36).slice(2, 10)}`

export const emptyDraft = (): Draft => ({
  name: '',
  kind: 'customerQuestionnaire',
  hidden: false,
  messageTemplate: '',
  questions: [],
})

export function draftFromQuestionnaire(q: Questionnaire): Draft {
  return {
    name: q.name,
    kind: q.kind,
    hidden: q.hidden,
    messageTemplate: q.messageTemplate ?? '',
    questions: q.questions.map((x) => ({
      ...x,
      body: x.body ?? '',
      videoUrl: x.videoUrl ?? '',
      options: x.options.map((o) => ({ ...o })),
      displayLogic: x.displayLogic.map((c) => ({ ...c })),
    })),
  }
}

/** Which settings a type uses: the customer's form shows only these. */
export const usesOptions = (t: QuestionType) => t === 'option'
/** The contract's definition (isAnswerable), by type: what the editor's settings depend on. */
export const isAnswerable = (t: QuestionType) => isAnswerableQuestion({ type: t })

export function newQuestion(type: QuestionType): DraftQuestion {
  return {
    id: newId('q'),
    name: '',
    body: '',
    type,
    required: false,
    allowMultiple: false,
    allowCustomValue: false,
    options: usesOptions(type) ? [newOption()] : [],
    icon: null,
    image: null,
    videoUrl: '',
    group: null,
    displayLogic: [],
  }
}

export const newOption = (): DraftOption => ({ id: newId('o'), customerTitle: '', employeeTitle: '' })

/**
 * The customer title changed (issue 21 #19): the employee title starts as the customer title and
 * follows it while staff have not given it a text of its own — an employee title still equal to
 * the old customer title was never touched, so it moves along.
 */
export function withCustomerTitle(o: DraftOption, customerTitle: string): DraftOption {
  const untouched = o.employeeTitle === o.customerTitle
  return { ...o, customerTitle, employeeTitle: untouched ? customerTitle : o.employeeTitle }
}

/** The list with the item at `from` moved to `to` (both clamped); the same list when nothing moves. */
export function moveItem<T>(list: T[], from: number, to: number): T[] {
  const target = Math.max(0, Math.min(list.length - 1, to))
  if (from < 0 || from >= list.length || from === target) return list
  const next = [...list]
  const [item] = next.splice(from, 1)
  next.splice(target, 0, item)
  return next
}

/** Removes a question and every display-logic condition that pointed at it. */
export function removeQuestion(questions: DraftQuestion[], id: string): DraftQuestion[] {
  return questions
    .filter((q) => q.id !== id)
    .map((q) =>
      q.displayLogic.some((c) => c.questionId === id)
        ? { ...q, displayLogic: q.displayLogic.filter((c) => c.questionId !== id) }
        : q,
    )
}

/** Removes an option and the conditions that asked for it (they could never hold again). */
export function removeOption(questions: DraftQuestion[], questionId: string, optionId: string): DraftQuestion[] {
  return questions.map((q) => {
    if (q.id === questionId) return { ...q, options: q.options.filter((o) => o.id !== optionId) }
    const keep = q.displayLogic.filter((c) => !(c.questionId === questionId && c.value === optionId))
    return keep.length === q.displayLogic.length ? q : { ...q, displayLogic: keep }
  })
}

/** Questions a condition of the question at `index` may refer to: earlier, answerable ones. */
export const conditionTargets = (questions: DraftQuestion[], index: number) =>
  questions.slice(0, Math.max(0, index)).filter((q) => isAnswerable(q.type))

export type Operator = DisplayCondition['operator']

/** `includes` only means something for answers with several values. */
export function operatorsFor(target: DraftQuestion | undefined): Operator[] {
  const base: Operator[] = ['equals', 'notEquals']
  if (target?.allowMultiple && usesOptions(target.type)) base.push('includes')
  base.push('answered')
  return base
}

/** A value the condition compares with, of the target's answer type. */
export function defaultValue(target: DraftQuestion): DisplayCondition['value'] {
  switch (target.type) {
    case 'option':
      return target.options[0]?.id ?? ''
    case 'boolean':
      return true
    case 'rating':
    case 'number':
      return 1
    default:
      return ''
  }
}

export function newCondition(target: DraftQuestion): DisplayCondition {
  return { questionId: target.id, operator: 'equals', value: defaultValue(target) }
}

/** A condition re-aimed at another question starts over with that question's kind of value. */
export function retarget(c: DisplayCondition, target: DraftQuestion): DisplayCondition {
  const operator = operatorsFor(target).includes(c.operator) ? c.operator : 'equals'
  return { questionId: target.id, operator, value: operator === 'answered' ? undefined : defaultValue(target) }
}

/**
 * Conditions that point at a question that is not (any longer) earlier — after a reorder, say.
 * Keyed by question id; the values are the condition indexes. The server refuses these too.
 */
export function misplacedConditions(questions: DraftQuestion[]): Map<string, number[]> {
  const seen = new Set<string>()
  const out = new Map<string, number[]>()
  for (const q of questions) {
    const bad = q.displayLogic.flatMap((c, i) => (seen.has(c.questionId) ? [] : [i]))
    if (bad.length) out.set(q.id, bad)
    seen.add(q.id)
  }
  return out
}

const text = (s: string) => (s.trim() === '' ? null : s.trim())

/** One question as the API takes it; settings the type does not use are left out. */
export function toQuestion(q: DraftQuestion): Question {
  const options = usesOptions(q.type)
  return {
    id: q.id,
    name: q.name.trim(),
    body: text(q.body),
    type: q.type,
    required: isAnswerable(q.type) && q.required,
    allowMultiple: options && q.allowMultiple,
    allowCustomValue: options && q.allowCustomValue,
    options: options
      ? q.options.map((o) => ({ ...o, customerTitle: o.customerTitle.trim(), employeeTitle: o.employeeTitle.trim() }))
      : [],
    icon: q.icon,
    // Every type may carry an image and a video (shown above the answer on the tablet).
    image: q.image,
    videoUrl: text(q.videoUrl),
    group: q.group,
    displayLogic: q.displayLogic.map((c) =>
      c.operator === 'answered' ? { questionId: c.questionId, operator: c.operator } : c,
    ),
  }
}

export function toPayload(d: Draft): CreateQuestionnaire {
  return {
    name: d.name.trim(),
    kind: d.kind,
    hidden: d.hidden,
    messageTemplate: text(d.messageTemplate),
    questions: d.questions.map(toQuestion),
  }
}

/**
 * The questions for the live preview: what `toQuestion` saves, but forgiving while typing — an
 * unfinished video address shows nothing instead of failing.
 */
export const previewQuestions = (d: Draft): Question[] =>
  d.questions.map((q) => {
    const x = toQuestion(q)
    return { ...x, name: x.name || '…', videoUrl: x.videoUrl && VIDEO_URL_RE.test(x.videoUrl) ? x.videoUrl : null }
  })

/** Field errors of one question (`questions.<i>.`-prefixed keys) with the prefix removed. */
export function questionErrors(errors: Record<string, string>, index: number): Record<string, string> {
  const prefix = `questions.${index}.`
  return Object.fromEntries(
    Object.entries(errors)
      .filter(([k]) => k.startsWith(prefix))
      .map(([k, v]) => [k.slice(prefix.length), v]),
  )
}
