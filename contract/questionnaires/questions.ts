import { z } from 'zod'
import { msg } from '../messages'
import { ZCondition } from '../conditions/condition'
import { zQuestionId } from './answer-value'
import { zNullableText } from './fields'
import { ICON_NAME_RE, STORED_IMAGE_RE } from './uploads'

/** Spec §3 question types and section groups. */
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
/** Star rating scale of a `rating` question. */
export const RATING_MAX = 5

/** YouTube and Vimeo only (spec §5), over https or http. */
export const VIDEO_URL_RE =
  /^https?:\/\/(?:www\.|m\.)?(?:youtube\.com\/(?:watch\?|embed\/|shorts\/)|youtu\.be\/|(?:player\.)?vimeo\.com\/)\S+$/i

export const ZQuestionOption = z.object({
  id: zQuestionId,
  customerTitle: z.string().trim().min(1, msg('required')).max(300),
  employeeTitle: z.string().trim().min(1, msg('required')).max(300),
})
export type QuestionOption = z.infer<typeof ZQuestionOption>

/** Display logic: show a question only when every condition on earlier answers holds (../conditions). */
export const ZDisplayCondition = ZCondition
export type DisplayCondition = z.infer<typeof ZDisplayCondition>

export const ZQuestion = z.object({
  /** Stable within the questionnaire (answers and display logic refer to it). */
  id: zQuestionId,
  name: z.string().trim().min(1, msg('required')).max(300),
  body: zNullableText(5000),
  type: ZQuestionType,
  required: z.boolean().default(false),
  allowMultiple: z.boolean().default(false),
  allowCustomValue: z.boolean().default(false),
  options: z.array(ZQuestionOption).max(200).default([]),
  /** Icon name from the icon catalogue under image storage. */
  icon: zNullableText(300).refine((v) => v === null || ICON_NAME_RE.test(v), msg('questionnaire.icon')),
  /** Storage path of an uploaded image (POST /upload/images) or of a catalogue icon. */
  image: zNullableText(500).refine((v) => v === null || STORED_IMAGE_RE.test(v), msg('questionnaire.imageSource')),
  videoUrl: zNullableText(500).refine((v) => v === null || VIDEO_URL_RE.test(v), msg('questionnaire.videoUrl')),
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

/**
 * "How many questions" everywhere (the questionnaire list, the kiosk, the editor, the filling
 * progress): the questions a person answers. Information blocks (texts, images, videos between
 * the questions) ask nothing and are not counted.
 */
export const isAnswerable = (q: { type: QuestionType }) => q.type !== 'information'
export const questionCount = (questions: readonly { type: QuestionType }[]) => questions.filter(isAnswerable).length
