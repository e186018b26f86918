import { v4 as uuidv4 } from 'uuid'
import type { Advice, AdviceCondition, AdviceGroup } from '../../contract/advice'
import { ADVICE_OPERATORS, type Subcondition } from '../../contract/conditions'
import type { Random } from '../../contract/conditions/seeded-random'
import type { AdviceConditionRow, AdviceGroupRow, AdviceRow } from '../../server/services/advice/rows'

/*
 * Random Grow worlds for the agreement property test and the advice-evaluate benchmark: a
 * branch's modules, groups and conditions over two questionnaires, and customers' submissions,
 * each both as the database returns rows (server path) and as the replica holds them (tablet).
 */

const ORG = '00000000-0000-4000-8000-000000000001'
const SALON = '00000000-0000-4000-8000-000000000002'
const OPTIONS = ['a', 'b', 'c', 'd']
type QType = 'option' | 'multi' | 'number' | 'date' | 'boolean' | 'string' | 'rating'
const QUESTIONS: { id: string; type: QType }[] = [
  { id: 'skin', type: 'option' },
  { id: 'concerns', type: 'multi' },
  { id: 'age', type: 'number' },
  { id: 'visit', type: 'date' },
  { id: 'allergic', type: 'boolean' },
  { id: 'note', type: 'string' },
  { id: 'stars', type: 'rating' },
]
export const QUESTIONNAIRES = ['00000000-0000-4000-8000-0000000000a1', '00000000-0000-4000-8000-0000000000a2']

const date = (r: Random) => `2026-0${r.int(1, 9)}-${String(r.int(10, 28))}`

function valueFor(r: Random, type: QType): unknown {
  switch (type) {
    case 'option':
      return r.pick(OPTIONS)
    case 'multi':
      return r.shuffle(OPTIONS).slice(0, r.int(0, 3))
    case 'number':
      return r.chance(0.1) ? String(r.int(10, 80)) : r.int(10, 80)
    case 'date':
      return date(r)
    case 'boolean':
      return r.chance(0.5)
    case 'string':
      return r.pick(['', 'a', 'nuts', 'b'])
    case 'rating':
      return r.int(1, 5)
  }
}

function subcondition(r: Random): Subcondition {
  const q = r.pick(QUESTIONS)
  const operator = r.pick(ADVICE_OPERATORS)
  const s: Subcondition = { questionnaireId: r.pick(QUESTIONNAIRES), questionId: q.id, operator }
  if (operator === 'anyOf' || operator === 'noneOf') s.values = r.shuffle(OPTIONS).slice(0, r.int(0, 3))
  else if (operator !== 'answered' && operator !== 'notAnswered') {
    const v = valueFor(r, q.type)
    s.value = Array.isArray(v) ? (v[0] ?? 'a') : (v as string | number | boolean)
  }
  return s
}

export type World = {
  modules: AdviceRow[]
  groups: AdviceGroupRow[]
  conditions: AdviceConditionRow[]
  /** Per customer id: submissions as rows (submittedAt a Date). */
  submissions: Map<string, SubmissionRowLike[]>
}
export type SubmissionRowLike = {
  id: string
  questionnaireId: string
  submittedAt: Date
  answers: { questionId: string; value: unknown }[]
}

const at = new Date('2026-01-01T00:00:00Z')

/** A world of `modules` modules and `customers` customers. */
export function randomWorld(r: Random, opts: { modules: number; customers: number }): World {
  const groups: AdviceGroupRow[] = Array.from({ length: r.int(0, 4) }, (_, i) => ({
    id: uuidv4(),
    organisationId: ORG,
    salonId: SALON,
    name: `Group ${r.int(0, 3)}`,
    position: r.int(0, 3) + i * 0,
    version: i + 1,
    deletedAt: null,
    createdAt: at,
    updatedAt: at,
  }))
  const conditions: AdviceConditionRow[] = Array.from({ length: r.int(1, Math.max(2, opts.modules)) }, (_, i) => ({
    id: uuidv4(),
    organisationId: ORG,
    salonId: SALON,
    name: `Condition ${i}`,
    subconditions: Array.from({ length: r.int(0, 3) }, () => subcondition(r)),
    version: 100 + i,
    deletedAt: null,
    createdAt: at,
    updatedAt: at,
  }))
  const modules: AdviceRow[] = Array.from({ length: opts.modules }, (_, i) => ({
    id: uuidv4(),
    organisationId: ORG,
    salonId: SALON,
    name: `Module ${i}`,
    contentType: 'text',
    text: '',
    url: null,
    audio: null,
    podcastUrl: null,
    videoUrl: null,
    groupId: groups.length && r.chance(0.7) ? r.pick(groups).id : null,
    kind: r.chance(0.7) ? 'customerAdvice' : 'employeeAdvice',
    category: null,
    length: 'Default',
    markers: [],
    conditionIds: [
      ...r
        .shuffle(conditions)
        .slice(0, r.int(0, 3))
        .map((c) => c.id),
      // Now and then a condition that no longer exists.
      ...(r.chance(0.05) ? [uuidv4()] : []),
    ],
    position: r.int(0, opts.modules),
    version: 1000 + i,
    deletedAt: null,
    createdAt: at,
    updatedAt: at,
  }))
  const submissions = new Map<string, SubmissionRowLike[]>()
  for (let c = 0; c < opts.customers; c++) {
    const rows: SubmissionRowLike[] = Array.from({ length: r.int(0, 3) }, () => ({
      id: uuidv4(),
      questionnaireId: r.pick(QUESTIONNAIRES),
      // Same second now and then: the id decides.
      submittedAt: new Date(at.getTime() + r.int(0, 3) * 1000),
      answers: QUESTIONS.filter(() => r.chance(0.75)).map((q) => ({ questionId: q.id, value: valueFor(r, q.type) })),
    }))
    submissions.set(uuidv4(), rows)
  }
  return { modules, groups, conditions, submissions }
}

/** The rows as the replica holds them (the sync feed's serialisers' shape). */
export function replicaRows(w: World) {
  const iso = (d: Date) => d.toISOString()
  const modules: Advice[] = w.modules.map((m) => ({
    id: m.id,
    salonId: m.salonId,
    name: m.name,
    contentType: m.contentType as Advice['contentType'],
    text: m.text,
    url: m.url,
    audio: null,
    podcastUrl: m.podcastUrl,
    videoUrl: m.videoUrl,
    groupId: m.groupId,
    kind: m.kind as Advice['kind'],
    category: null,
    length: 'Default',
    markers: [],
    conditionIds: m.conditionIds,
    position: m.position,
    createdAt: iso(m.createdAt),
    updatedAt: iso(m.updatedAt),
    version: m.version,
  }))
  const groups: AdviceGroup[] = w.groups.map((g) => ({
    id: g.id,
    salonId: g.salonId,
    name: g.name,
    position: g.position,
    createdAt: iso(g.createdAt),
    updatedAt: iso(g.updatedAt),
    version: g.version,
  }))
  const conditions: AdviceCondition[] = w.conditions.map((c) => ({
    id: c.id,
    salonId: c.salonId,
    name: c.name,
    subconditions: c.subconditions as Subcondition[],
    createdAt: iso(c.createdAt),
    updatedAt: iso(c.updatedAt),
    version: c.version,
  }))
  const submissions = [...w.submissions].flatMap(([customerId, rows]) =>
    rows.map((s, i) => ({
      id: s.id,
      organisationId: ORG,
      salonId: SALON,
      customerId,
      questionnaireId: s.questionnaireId,
      answers: s.answers as never,
      takenBy: 'customer' as const,
      employeeId: null,
      employeeName: null,
      deviceId: null,
      deviceName: null,
      submittedAt: iso(s.submittedAt),
      updatedAt: iso(s.submittedAt),
      version: i,
      // Half of them still unsent on this tablet (the kiosk's own submissions).
      _pending: (i % 2) as 0 | 1,
      _error: null,
    })),
  )
  return { modules, groups, conditions, submissions }
}
