import type { Question } from '../../../contract/questionnaires'

/**
 * The visible questions cut into sections: a new section starts where the group changes; a
 * question without a group stays in the section before it.
 */
export function sections(questions: Question[]): Question[][] {
  const out: Question[][] = []
  let group: string | null | undefined
  for (const q of questions) {
    const starts = out.length === 0 || (q.group !== null && q.group !== group)
    if (starts) out.push([])
    if (q.group !== null) group = q.group
    out[out.length - 1].push(q)
  }
  return out
}
