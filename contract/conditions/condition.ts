import { z } from 'zod'
import { zQuestionId } from '../questionnaires/answer-value'

/**
 * What a condition asks of one answer:
 * - `equals`: the answer is exactly this one value (a list answer only when it holds just that value);
 * - `notEquals`: the exact complement of `equals` (so it also holds while unanswered);
 * - `includes`: the answer, or one of its values, is this value;
 * - `answered`: there is an answer at all (the value is ignored).
 * Values compare as text: the option id, `true`/`false`, a number as JavaScript writes it (`1.5`;
 * number answers are stored as numbers, so "1,5" typed on the tablet is already 1.5), yyyy-MM-dd.
 */
export const CONDITION_OPERATORS = ['equals', 'notEquals', 'includes', 'answered'] as const
export const ZConditionOperator = z.enum(CONDITION_OPERATORS)
export type ConditionOperator = z.infer<typeof ZConditionOperator>
/** Operators that only hold for an answered question (`notEquals` is the one negative operator). */
export const POSITIVE_OPERATORS: readonly ConditionOperator[] = ['equals', 'includes', 'answered']

/**
 * A condition on one answer, by question id. Display logic (a question shows when each of its
 * conditions holds on the answers to earlier questions) uses it as it is; a Grow module condition
 * over a customer's answers can wrap it with the questionnaire it reads
 * (`{ questionnaireId, ...condition }`) and evaluate it on that questionnaire's answers.
 */
export const ZCondition = z.object({
  questionId: zQuestionId,
  operator: ZConditionOperator,
  value: z.union([z.string().max(300), z.number(), z.boolean()]).optional(),
})
export type Condition = z.infer<typeof ZCondition>
