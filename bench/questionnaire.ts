import type { Answer } from '../contract/questionnaires'
import type { BenchContext } from './types'

/** A customer questionnaire of `count` questions of every answerable kind, made through the API. */
export async function createBenchQuestionnaire(ctx: BenchContext, count: number): Promise<{ id: string }> {
  const kinds = ['string', 'number', 'boolean', 'rating', 'date', 'option'] as const
  const questions = Array.from({ length: count }, (_, i) => {
    const type = kinds[i % kinds.length]
    return {
      id: `q${i + 1}`,
      name: `Vraag ${i + 1}: hoe gaat het met je huid?`,
      type,
      required: i % 4 === 0,
      options:
        type === 'option'
          ? ['droog', 'vet', 'gemengd'].map((o) => ({ id: o, customerTitle: o, employeeTitle: `${o} (huid)` }))
          : [],
    }
  })
  const res = await fetch(`${ctx.baseUrl}/api/organisations/${ctx.orgId}/salons/${ctx.salonId}/questionnaires`, {
    method: 'POST',
    headers: { ...ctx.headers, 'content-type': 'application/json' },
    body: JSON.stringify({ name: `Bench ${count} vragen`, kind: 'customerQuestionnaire', questions }),
  })
  if (res.status !== 201) throw new Error(`questionnaire: ${res.status} ${await res.text()}`)
  return (await res.json()) as { id: string }
}

/** Answers to every required question of createBenchQuestionnaire's questionnaire. */
export function benchAnswers(count: number): Answer[] {
  const value = (i: number): Answer['value'] => [`antwoord ${i}`, i, true, 4, '1990-03-15', 'droog'][i % 6]
  return Array.from({ length: count }, (_, i) => ({ questionId: `q${i + 1}`, value: value(i) }))
}
