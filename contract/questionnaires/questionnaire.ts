import { z } from 'zod'
import { customIssue, msg } from '../messages'
import { zNullableText } from './fields'
import { type Question, ZQuestion, ZQuestionRead } from './questions'
import { QUESTIONNAIRE_KINDS } from '../value-lists'

export { QUESTIONNAIRE_KINDS }

export const ZQuestionnaireKind = z.enum(QUESTIONNAIRE_KINDS)

/** Rules across questions: unique ids, options where needed, display logic pointing backwards. */
function checkQuestions(questions: Question[], ctx: z.RefinementCtx) {
  const seen = new Set<string>()
  questions.forEach((q, i) => {
    if (seen.has(q.id))
      ctx.addIssue({ ...customIssue('questionnaire.duplicateQuestion'), path: ['questions', i, 'id'] })
    if (q.type === 'option' && q.options.length === 0)
      ctx.addIssue({ ...customIssue('questionnaire.options'), path: ['questions', i, 'options'] })
    const optionIds = q.options.map((o) => o.id)
    if (new Set(optionIds).size !== optionIds.length)
      ctx.addIssue({ ...customIssue('questionnaire.duplicateOption'), path: ['questions', i, 'options'] })
    q.displayLogic.forEach((c, j) => {
      if (!seen.has(c.questionId))
        ctx.addIssue({
          ...customIssue('questionnaire.displayLogic'),
          path: ['questions', i, 'displayLogic', j, 'questionId'],
        })
    })
    seen.add(q.id)
  })
}

export const ZQuestionnaireFields = z.object({
  name: z.string().trim().min(1, msg('required')).max(200),
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
