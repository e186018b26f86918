import { z } from 'zod'
import { ZContactChannel, ZLanguage } from './enums'
import { isIsoDate, isoToDateText } from './dates'
import { dateTextError, MSG, zPageQuery } from './validation'

/** Spec §3 questionnaire kinds, question types and section groups. */
export const QUESTIONNAIRE_KINDS = ['customerQuestionnaire', 'employeeQuestionnaire'] as const
export const ZQuestionnaireKind = z.enum(QUESTIONNAIRE_KINDS)
export const QUESTION_TYPES = [
  'string',
  'option',
  'number',
  'boolean',
  'date',
  'rating',
  'image',
  'information',
] as const
export const ZQuestionType = z.enum(QUESTION_TYPES)
export type QuestionType = z.infer<typeof ZQuestionType>
export const QUESTION_GROUPS = [
  'customer',
  'employee',
  'salon',
  'wishes',
  'skin',
  'vitality',
  'advice',
  'fingerprint',
] as const
export const ZQuestionGroup = z.enum(QUESTION_GROUPS)
/**
 * Spec §3 "employee" section group: questions for staff (a specialist's notes). A customer never
 * sees, answers or reads them — not on their phone, not on the kiosk (issue 7 #14).
 */
export const STAFF_ONLY_GROUP = 'employee'
export type Audience = 'customer' | 'employee'
export const isStaffOnly = (q: { group?: string | null }) => q.group === STAFF_ONLY_GROUP
/** The questions this audience fills and reads: customers get every question but the staff-only ones. */
export function questionsFor<Q extends { group?: string | null }>(questions: Q[], audience: Audience): Q[] {
  return audience === 'customer' ? questions.filter((q) => !isStaffOnly(q)) : questions
}
/** The questionnaire as a customer fills it (own phone, kiosk): without the staff-only questions. */
export function forCustomer<T extends { questions: { group?: string | null }[] }>(questionnaire: T): T {
  return { ...questionnaire, questions: questionsFor(questionnaire.questions, 'customer') }
}
/** The answers this audience may read: a customer never reads an answer to a staff-only question. */
export function answersFor<A extends { questionId: string }>(
  answers: A[],
  questions: { id: string; group?: string | null }[],
  audience: Audience,
): A[] {
  if (audience !== 'customer') return answers
  const staffOnly = new Set(questions.filter(isStaffOnly).map((q) => q.id))
  return answers.filter((a) => !staffOnly.has(a.questionId))
}
/** Star rating scale of a `rating` question. */
export const RATING_MAX = 5

/** Messages of the questionnaire rules (English; the client translates by text). */
export const QUESTIONNAIRE_MSG = {
  /** Spec §8, verbatim. */
  unanswered: 'Some required questions have not been answered.',
  /** Spec §5 "Video URLs accept only YouTube and Vimeo". */
  videoUrl: 'Video URLs accept only YouTube and Vimeo.',
  /** Ours (issue 7 #10): an image is the organisation's own upload or a catalogue icon, never any URL. */
  imageSource: 'Upload the image here or choose one of the icons; links to other sites are not allowed.',
  icon: 'Choose an icon from the list.',
  /** Spec §5 "A questionnaire must be selected to send one". */
  selectQuestionnaire: 'A questionnaire must be selected',
  options: 'A dropdown question needs at least one option.',
  duplicateQuestion: 'Every question needs its own id.',
  duplicateOption: 'Every option needs its own id.',
  displayLogic: 'Display logic can only refer to an earlier question.',
  invalidAnswer: 'This answer does not fit the question.',
  unknownQuestion: 'This question is not part of the questionnaire.',
} as const

/** YouTube and Vimeo only (spec §5), over https or http. */
export const VIDEO_URL_RE =
  /^https?:\/\/(?:www\.|m\.)?(?:youtube\.com\/(?:watch\?|embed\/|shorts\/)|youtu\.be\/|(?:player\.)?vimeo\.com\/)\S+$/i

/**
 * Where a question's image may come from (issue 7 #10): a file the organisation uploaded
 * (`<organisationId>/images/<id>.<ext>`, POST /upload/images; the service checks the
 * organisation) or an icon of the catalogue (`icons/<category>/<name>.svg`). Never a URL: an
 * image from another site would tell that site who opens the questionnaire (a tracking pixel).
 */
export const STORED_IMAGE_RE =
  /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\/images\/[\w-]{1,64}\.(?:png|jpg|gif|webp)|icons\/[\w-]{1,64}\/[\w-]{1,64}\.svg)$/
/** A catalogue icon's name (`<category>/<name>`, GET /images/categories). */
export const ICON_NAME_RE = /^[\w-]{1,64}\/[\w-]{1,64}$/

const zId = z.string().trim().min(1).max(100)
const zNullableText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null))

export const ZQuestionOption = z.object({
  id: zId,
  customerTitle: z.string().trim().min(1, MSG.required).max(300),
  employeeTitle: z.string().trim().min(1, MSG.required).max(300),
})
export type QuestionOption = z.infer<typeof ZQuestionOption>

/** Display logic: show a question only when every condition on earlier answers holds. */
export const ZDisplayCondition = z.object({
  questionId: zId,
  operator: z.enum(['equals', 'notEquals', 'includes', 'answered']),
  value: z.union([z.string().max(300), z.number(), z.boolean()]).optional(),
})
export type DisplayCondition = z.infer<typeof ZDisplayCondition>

export const ZQuestion = z.object({
  /** Stable within the questionnaire (answers and display logic refer to it). */
  id: zId,
  name: z.string().trim().min(1, MSG.required).max(300),
  body: zNullableText(5000),
  type: ZQuestionType,
  required: z.boolean().default(false),
  allowMultiple: z.boolean().default(false),
  allowCustomValue: z.boolean().default(false),
  options: z.array(ZQuestionOption).max(200).default([]),
  /** Icon name from the icon catalogue under image storage. */
  icon: zNullableText(300).refine((v) => v === null || ICON_NAME_RE.test(v), QUESTIONNAIRE_MSG.icon),
  /** Storage path of an uploaded image (POST /upload/images) or of a catalogue icon. */
  image: zNullableText(500).refine((v) => v === null || STORED_IMAGE_RE.test(v), QUESTIONNAIRE_MSG.imageSource),
  videoUrl: zNullableText(500).refine((v) => v === null || VIDEO_URL_RE.test(v), QUESTIONNAIRE_MSG.videoUrl),
  group: ZQuestionGroup.nullish().transform((v) => v ?? null),
  displayLogic: z.array(ZDisplayCondition).max(20).default([]),
})
export type Question = z.infer<typeof ZQuestion>
export type QuestionInput = z.input<typeof ZQuestion>

/** A stored question as the API answers it (no defaults or transforms: response schemas encode). */
export const ZQuestionRead = z.object({
  id: z.string(),
  name: z.string(),
  body: z.string().nullable(),
  type: ZQuestionType,
  required: z.boolean(),
  allowMultiple: z.boolean(),
  allowCustomValue: z.boolean(),
  options: z.array(z.object({ id: z.string(), customerTitle: z.string(), employeeTitle: z.string() })),
  icon: z.string().nullable(),
  image: z.string().nullable(),
  videoUrl: z.string().nullable(),
  group: ZQuestionGroup.nullable(),
  displayLogic: z.array(ZDisplayCondition),
})

/** Rules across questions: unique ids, options where needed, display logic pointing backwards. */
function checkQuestions(questions: Question[], ctx: z.RefinementCtx) {
  const seen = new Set<string>()
  questions.forEach((q, i) => {
    if (seen.has(q.id))
      ctx.addIssue({ code: 'custom', path: ['questions', i, 'id'], message: QUESTIONNAIRE_MSG.duplicateQuestion })
    if (q.type === 'option' && q.options.length === 0)
      ctx.addIssue({ code: 'custom', path: ['questions', i, 'options'], message: QUESTIONNAIRE_MSG.options })
    const optionIds = q.options.map((o) => o.id)
    if (new Set(optionIds).size !== optionIds.length)
      ctx.addIssue({ code: 'custom', path: ['questions', i, 'options'], message: QUESTIONNAIRE_MSG.duplicateOption })
    q.displayLogic.forEach((c, j) => {
      if (!seen.has(c.questionId))
        ctx.addIssue({
          code: 'custom',
          path: ['questions', i, 'displayLogic', j, 'questionId'],
          message: QUESTIONNAIRE_MSG.displayLogic,
        })
    })
    seen.add(q.id)
  })
}

export const ZQuestionnaireFields = z.object({
  name: z.string().trim().min(1, MSG.required).max(200),
  kind: ZQuestionnaireKind.default('customerQuestionnaire'),
  hidden: z.boolean().default(false),
  /** Text of the message that sends it; {{name}} and {{link}} are filled in. Null: the default. */
  messageTemplate: zNullableText(5000),
  questions: z.array(ZQuestion).max(300).default([]),
})
export const ZCreateQuestionnaire = ZQuestionnaireFields.extend({ id: z.string().uuid().optional() }).superRefine(
  (v, ctx) => checkQuestions(v.questions, ctx),
)
export type CreateQuestionnaire = z.input<typeof ZCreateQuestionnaire>
/**
 * PUT replaces the given fields; `questions`, when given, is the whole ordered list. No defaults
 * here: a field left out of an edit must stay untouched, not reset to its default.
 */
export const ZUpdateQuestionnaire = ZQuestionnaireFields.extend({
  kind: ZQuestionnaireKind,
  hidden: z.boolean(),
  questions: z.array(ZQuestion).max(300),
})
  .partial()
  .superRefine((v, ctx) => {
    if (v.questions) checkQuestions(v.questions, ctx)
  })
export type UpdateQuestionnaire = z.input<typeof ZUpdateQuestionnaire>

export const ZQuestionnaire = z.object({
  id: z.string().uuid(),
  organisationId: z.string().uuid(),
  name: z.string(),
  kind: ZQuestionnaireKind,
  hidden: z.boolean(),
  messageTemplate: z.string().nullable(),
  /** Copied from the provider's templates at sign-up (spec §1); custom ones are false. */
  managedByProvider: z.boolean(),
  questionsCount: z.number().int(),
  questions: z.array(ZQuestionRead),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
})
export type Questionnaire = z.infer<typeof ZQuestionnaire>

// ─── Answers ────────────────────────────────────────────────────────────────────────────────

/**
 * An answer's value. string: text; option: option id (or custom text), image: storage path —
 * each an array when the question allows multiple values; number and rating: a number;
 * boolean: true/false; date: yyyy-MM-dd. Null or an empty string/array is "not answered".
 */
export const ZAnswerValue = z.union([
  z.string().max(10_000),
  z.number(),
  z.boolean(),
  z.array(z.string().max(10_000)).max(200),
  z.null(),
])
export type AnswerValue = z.infer<typeof ZAnswerValue>
export const ZAnswer = z.object({ questionId: zId, value: ZAnswerValue })
export type Answer = z.infer<typeof ZAnswer>

/**
 * "How many questions" everywhere (the questionnaire list, the kiosk, the editor, the filling
 * progress): the questions a person answers. Information blocks (texts, images, videos between
 * the questions) ask nothing and are not counted.
 */
export const isAnswerable = (q: { type: QuestionType }) => q.type !== 'information'
export const questionCount = (questions: readonly { type: QuestionType }[]) => questions.filter(isAnswerable).length

export const isAnswered = (v: AnswerValue | undefined): boolean =>
  v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0)

const asList = (v: AnswerValue | undefined): string[] => (!isAnswered(v) ? [] : Array.isArray(v) ? v : [String(v)])

function holds(c: DisplayCondition, answer: AnswerValue | undefined): boolean {
  if (c.operator === 'answered') return isAnswered(answer)
  const list = asList(answer)
  const want = c.value === undefined ? '' : String(c.value)
  const equals = list.length === 1 && list[0] === want
  if (c.operator === 'equals') return equals
  if (c.operator === 'notEquals') return !equals
  return list.includes(want)
}

type AnswersIn = Answer[] | Record<string, AnswerValue>
const toMap = (answers: AnswersIn): Map<string, AnswerValue> =>
  new Map(Array.isArray(answers) ? answers.map((a) => [a.questionId, a.value]) : Object.entries(answers))

/**
 * The questions shown for these answers, in order. A question shows when all its display
 * conditions hold; an answer to a hidden question counts as no answer, so hiding a question also
 * hides the ones that depend on it.
 */
export function visibleQuestions(questionnaire: { questions: Question[] }, answers: AnswersIn): Question[] {
  const given = toMap(answers)
  const shown = new Map<string, AnswerValue | undefined>()
  const out: Question[] = []
  for (const q of questionnaire.questions) {
    if (q.displayLogic.every((c) => holds(c, shown.get(c.questionId)))) {
      out.push(q)
      shown.set(q.id, given.get(q.id))
    }
  }
  return out
}

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
  const list = asList(v)
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

/** The required check and the type check, shared by the tablet form and the server. */
export function validateAnswers(questionnaire: { questions: Question[] }, answers: AnswersIn): AnswerCheck {
  const given = toMap(answers)
  const byId = new Map(questionnaire.questions.map((q) => [q.id, q]))
  const invalid: AnswerCheck['invalid'] = []
  for (const id of given.keys())
    if (!byId.has(id)) invalid.push({ questionId: id, message: QUESTIONNAIRE_MSG.unknownQuestion })
  const missing: string[] = []
  const kept: Answer[] = []
  for (const q of visibleQuestions(questionnaire, answers)) {
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

// ─── Submissions ────────────────────────────────────────────────────────────────────────────

export const ZTakenBy = z.enum(['customer', 'employee'])

/** POST …/questionnaireSubmissions: append-only, the client's UUID is the idempotency key. */
export const ZCreateSubmission = z.object({
  id: z.string().uuid(),
  customerId: z.string().uuid(),
  questionnaireId: z.string().uuid(),
  answers: z.array(ZAnswer).max(500),
  takenBy: ZTakenBy.default('customer'),
  /** Kiosk hand-over: the employee who handed the tablet over (an employee session only). */
  employeeId: z.string().uuid().nullish(),
  deviceId: z.string().trim().max(100).nullish(),
  /** The name this device was given ("Tablet balie"); staff read it instead of the id. */
  deviceName: z.string().trim().max(60).nullish(),
})
export type CreateSubmission = z.input<typeof ZCreateSubmission>

export const ZSubmission = z.object({
  id: z.string().uuid(),
  organisationId: z.string().uuid(),
  /** The branch it was taken in. */
  salonId: z.string().uuid(),
  customerId: z.string().uuid(),
  questionnaireId: z.string().uuid(),
  answers: z.array(ZAnswer),
  takenBy: ZTakenBy,
  employeeId: z.string().uuid().nullable(),
  /** Who took it in the salon, by name as it was then (null for the customer's own). */
  employeeName: z.string().nullable().default(null),
  deviceId: z.string().nullable(),
  /** The device's name as it was then (null: taken before devices had names, or not named). */
  deviceName: z.string().nullable().default(null),
  /** Server clock at arrival (device clocks never decide anything). */
  submittedAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
})
export type Submission = z.infer<typeof ZSubmission>

export const ZSubmissionListItem = ZSubmission.extend({ customerName: z.string(), questionnaireName: z.string() })
export const ZSubmissionList = z.object({
  items: z.array(ZSubmissionListItem),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
})
export const ZSubmissionListQuery = z.object({
  customerId: z.string().uuid().optional(),
  questionnaireId: z.string().uuid().optional(),
  ...zPageQuery,
})

/** One shown question with its answer; `text` uses the options' employee titles. */
export const ZSubmissionItem = z.object({ question: ZQuestionRead, value: ZAnswerValue, text: z.string() })
export const ZSubmissionDetail = ZSubmissionListItem.extend({
  questionnaireKind: ZQuestionnaireKind,
  items: z.array(ZSubmissionItem),
})
export type SubmissionDetail = z.infer<typeof ZSubmissionDetail>

/** POST …/questionnaireSubmissions/{id}/questionSubmission: change one answer. */
export const ZUpdateAnswer = ZAnswer
export type UpdateAnswer = z.infer<typeof ZUpdateAnswer>

/** The text of an answer for staff (employee titles) or customers (customer titles). */
export function answerText(q: Question, v: AnswerValue | undefined, audience: 'employee' | 'customer'): string {
  if (!isAnswered(v)) return ''
  if (q.type === 'option') {
    const title = (id: string) => {
      const o = q.options.find((x) => x.id === id)
      return o ? (audience === 'employee' ? o.employeeTitle : o.customerTitle) : id
    }
    return asList(v).map(title).join(', ')
  }
  if (q.type === 'date' && typeof v === 'string') return isoToDateText(v)
  return asList(v).join(', ')
}

// ─── Activities, shortcuts, templates ─────────────────────────────────────────────────────

/** Spec §3 customer activity types shown in the customer's activity list. */
export const CUSTOMER_ACTIVITY_TYPES = [
  'submissionCreated',
  'answerUpdated',
  'login',
  'failedLogin',
  'codeRequest',
  'profileUpdate',
] as const
export const ZCustomerActivity = z.object({
  id: z.string().uuid(),
  customerId: z.string().uuid(),
  customerName: z.string(),
  type: z.enum(CUSTOMER_ACTIVITY_TYPES),
  data: z.unknown(),
  createdAt: z.string(),
})
export type CustomerActivity = z.infer<typeof ZCustomerActivity>
/** Spec §9: the activity filter offers last 7 days, last 30 days and all. */
export const ZActivityPeriod = z.enum(['7d', '30d', 'all'])
export const ZActivitiesQuery = z.object({
  customerId: z.string().uuid().optional(),
  period: ZActivityPeriod.default('all'),
})

/** A short link code for (organisation, questionnaire, customer). */
export const ZShortcutQuery = z.object({ code: z.string().trim().min(4).max(32) })
export const ZShortcut = z.object({
  organisationId: z.string().uuid(),
  slug: z.string(),
  /** The salon's name, for the link's own screens (remembered to explain a later failure). */
  organisationName: z.string(),
  questionnaireId: z.string().uuid(),
  email: z.string(),
})
export type Shortcut = z.infer<typeof ZShortcut>
export const ZCreateShortcut = z.object({ customerId: z.string().uuid() })
export const ZShortcutLink = z.object({ code: z.string(), url: z.string() })

export const ZMessageTemplateQuery = z.object({ language: ZLanguage.optional() })
export const ZMessageTemplate = z.object({
  language: ZLanguage,
  channel: ZContactChannel.optional(),
  subject: z.string(),
  /** Placeholders: {{name}} (the customer's first name) and {{link}} (the shortcut link). */
  text: z.string(),
})

/** Fills {{name}} and {{link}} (and any other {{key}}) in a message template. */
export const fillTemplate = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{\s*(\w+)\s*\}\}/g, (m, k: string) => values[k] ?? m)

export const UPLOAD_MSG = {
  imageType: 'Only PNG, JPEG, WebP and GIF images can be uploaded.',
  imageSize: 'The image may be at most 5 MB.',
} as const

/** Spec §8 texts of sending a questionnaire, per customer and afterwards. */
export const SEND_MSG = {
  noPhone: 'Customer does not have a phone number.',
  notificationType: 'Customer does not accept this notification type.',
  noCredits: 'Not enough Whatsapp credits.',
  customerNotFound: 'Customer not found.',
  failedTo: 'Failed to send questionnaire to: {{names}}.',
  /** Ours (issue 7 #13): this customer got as many messages as the window allows. */
  tooMany: 'This customer has received too many messages; try again in 15 minutes.',
} as const

/** POST …/questionnaires/send: one questionnaire to one or many customers. */
export const ZSendQuestionnaire = z.object({
  questionnaireId: z
    .string({ error: QUESTIONNAIRE_MSG.selectQuestionnaire })
    .uuid(QUESTIONNAIRE_MSG.selectQuestionnaire),
  customerIds: z.array(z.string().uuid()).min(1, MSG.required).max(500),
  /** Without a channel each customer gets their default messaging type. */
  channel: ZContactChannel.optional(),
  /** Overrides the questionnaire's (or the default) template; {{name}} and {{link}} are filled in. */
  message: z.string().trim().min(1).max(2000).optional(),
})
export type SendQuestionnaire = z.input<typeof ZSendQuestionnaire>
export const ZSendResult = z.object({
  sent: z.array(z.object({ customerId: z.string().uuid(), channel: ZContactChannel })),
  failed: z.array(z.object({ customerId: z.string().uuid(), name: z.string(), message: z.string() })),
  /** "Failed to send questionnaire to: {{names}}." with the names filled in, when any failed. */
  message: z.string().nullable(),
})
export type SendResult = z.infer<typeof ZSendResult>

/** GET /images/categories: the icon catalogue; a question's `icon` keeps an icon's `name`. */
export const ZImageCategory = z.object({
  id: z.string(),
  icons: z.array(z.object({ name: z.string(), url: z.string() })),
})

/** POST /organisations/{org}/upload/images answer: the storage path to keep and its URL. */
export const ZUploadedFile = z.object({ path: z.string(), url: z.string() })
