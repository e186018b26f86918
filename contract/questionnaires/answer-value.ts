import { z } from 'zod'

/** A question's id: stable within its questionnaire (answers and conditions refer to it). */
export const zQuestionId = z.string().trim().min(1).max(100)

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
export const ZAnswer = z.object({ questionId: zQuestionId, value: ZAnswerValue })
export type Answer = z.infer<typeof ZAnswer>

export const isAnswered = (v: AnswerValue | undefined): boolean =>
  v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0)

/** An answer's values as texts: none when unanswered, one for a single value, each of a list. */
export const answerList = (v: AnswerValue | undefined): string[] =>
  !isAnswered(v) ? [] : Array.isArray(v) ? v : [String(v)]

/** Answers as the tablet form keeps them (by question id) or as a submission stores them (a list). */
export type AnswersIn = readonly Answer[] | Readonly<Record<string, AnswerValue>> | ReadonlyMap<string, AnswerValue>

/** The answers by question id. A record counts only its own keys (a question may be called "constructor"). */
export function answerMap(answers: AnswersIn): ReadonlyMap<string, AnswerValue> {
  if (answers instanceof Map) return answers
  return new Map(
    Array.isArray(answers)
      ? (answers as readonly Answer[]).map((a) => [a.questionId, a.value])
      : Object.entries(answers as Record<string, AnswerValue>),
  )
}
