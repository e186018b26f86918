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
