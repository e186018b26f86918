import { asc, eq, inArray } from 'drizzle-orm'
import type { Answer, Question } from '../../../contract/questionnaires'
import type { DbOrTx } from '../../db/client'
import { questionnaireSubmissions, questionnaires } from '../../db/schema'
import { tenant } from '../../scope'

export type SubmissionRow = typeof questionnaireSubmissions.$inferSelect
export type QuestionnaireRow = Pick<typeof questionnaires.$inferSelect, 'id' | 'name' | 'questions'>

/**
 * A customer's submissions (removed ones included: a hard delete and a GDPR export both concern
 * everything stored) and the questionnaires they answer, to read questions as text and find photos.
 */
export async function customerSubmissions(db: DbOrTx, caller: { organisationId: string }, customerId: string) {
  const subs = await db
    .select()
    .from(questionnaireSubmissions)
    .where(tenant(questionnaireSubmissions, caller, eq(questionnaireSubmissions.customerId, customerId)))
    .orderBy(asc(questionnaireSubmissions.submittedAt), asc(questionnaireSubmissions.id))
  const ids = [...new Set(subs.map((s) => s.questionnaireId))]
  const qs = ids.length
    ? await db
        .select({ id: questionnaires.id, name: questionnaires.name, questions: questionnaires.questions })
        .from(questionnaires)
        .where(tenant(questionnaires, caller, inArray(questionnaires.id, ids)))
    : []
  return { submissions: subs, questionnaires: new Map(qs.map((q) => [q.id, q as QuestionnaireRow])) }
}

/**
 * The stored photos of a customer's image answers: values of `image` questions that are paths in
 * this organisation's images folder (`<org>/images/<uuid>.<ext>`, services/uploads). Another
 * organisation's path or a text that merely looks like one in a text answer is never touched.
 */
export function photoPaths(organisationId: string, subs: SubmissionRow[], qs: Map<string, QuestionnaireRow>): string[] {
  const prefix = `${organisationId}/images/`
  const out = new Set<string>()
  for (const s of subs) {
    const imageQuestions = new Set(
      ((qs.get(s.questionnaireId)?.questions ?? []) as Question[]).filter((q) => q.type === 'image').map((q) => q.id),
    )
    for (const a of s.answers as Answer[]) {
      if (!imageQuestions.has(a.questionId)) continue
      for (const v of Array.isArray(a.value) ? a.value : [a.value])
        if (typeof v === 'string' && v.startsWith(prefix) && !v.includes('..')) out.add(v)
    }
  }
  return [...out]
}

/** The stored photos of a customer's skin analyses (issue 11), this organisation's paths only. */
export function skinPhotoPaths(organisationId: string, analyses: { data: unknown }[]): string[] {
  const prefix = `${organisationId}/images/`
  const out = new Set<string>()
  for (const a of analyses) {
    const photos = (a.data as { photos?: { path?: unknown }[] } | null)?.photos ?? []
    for (const p of photos)
      if (typeof p?.path === 'string' && p.path.startsWith(prefix) && !p.path.includes('..')) out.add(p.path)
  }
  return [...out]
}
