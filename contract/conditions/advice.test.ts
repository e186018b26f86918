import { describe, expect, it } from 'vitest'
import { adviceVerdict, latestAnswers, type Subcondition, subconditionHolds } from './advice'

const Q = '00000000-0000-4000-8000-000000000001'
const sub = (s: Partial<Subcondition>): Subcondition => ({
  questionnaireId: Q,
  questionId: 'q',
  operator: 'equals',
  ...s,
})

describe('Grow subconditions', () => {
  it('anyOf and noneOf read single and multiple answers; noneOf holds while unanswered', () => {
    expect(subconditionHolds(sub({ operator: 'anyOf', values: ['a', 'b'] }), 'b')).toBe(true)
    expect(subconditionHolds(sub({ operator: 'anyOf', values: ['a'] }), ['c', 'a'])).toBe(true)
    expect(subconditionHolds(sub({ operator: 'anyOf', values: ['a'] }), undefined)).toBe(false)
    expect(subconditionHolds(sub({ operator: 'noneOf', values: ['a'] }), ['c'])).toBe(true)
    expect(subconditionHolds(sub({ operator: 'noneOf', values: ['a'] }), undefined)).toBe(true)
    expect(subconditionHolds(sub({ operator: 'noneOf', values: ['a'] }), 'a')).toBe(false)
  })

  it('compares numbers as numbers and dates as dates; unanswered or unreadable never compares', () => {
    expect(subconditionHolds(sub({ operator: 'greaterThan', value: 9 }), 10)).toBe(true)
    expect(subconditionHolds(sub({ operator: 'greaterThan', value: '9' }), '10')).toBe(true)
    expect(subconditionHolds(sub({ operator: 'atLeast', value: 4 }), 4)).toBe(true)
    expect(subconditionHolds(sub({ operator: 'lessThan', value: 4 }), 4)).toBe(false)
    expect(subconditionHolds(sub({ operator: 'atMost', value: '2000-01-01' }), '1999-12-31')).toBe(true)
    expect(subconditionHolds(sub({ operator: 'greaterThan', value: '2000-01-01' }), '1999-12-31')).toBe(false)
    for (const op of ['greaterThan', 'atLeast', 'lessThan', 'atMost'] as const) {
      expect(subconditionHolds(sub({ operator: op, value: 1 }), undefined)).toBe(false)
      expect(subconditionHolds(sub({ operator: op, value: 1 }), 'abc')).toBe(false)
      expect(subconditionHolds(sub({ operator: op, value: 1 }), ['1'])).toBe(false)
      expect(subconditionHolds(sub({ operator: op, value: 1 }), true)).toBe(false)
    }
  })

  it('answered / notAnswered are each other’s complement', () => {
    for (const v of [undefined, null, '', [], 'x', 0, false, ['a']] as const) {
      expect(subconditionHolds(sub({ operator: 'notAnswered' }), v as never)).toBe(
        !subconditionHolds(sub({ operator: 'answered' }), v as never),
      )
    }
  })
})

describe('adviceVerdict', () => {
  const conditions = new Map([
    [
      'c1',
      {
        id: 'c1',
        name: 'Dry skin',
        subconditions: [sub({ value: 'dry' }), sub({ questionId: 'age', operator: 'atLeast', value: 40 })],
      },
    ],
    [
      'c2',
      { id: 'c2', name: 'Sensitive', subconditions: [sub({ questionId: 'sens', operator: 'equals', value: true })] },
    ],
    ['empty', { id: 'empty', name: 'Nothing', subconditions: [] }],
  ])
  const answers = (a: Record<string, unknown>) => new Map([[Q, a as never]])

  it('a condition matches only if all its subconditions are met; a module shows if any condition is met', () => {
    expect(adviceVerdict({ conditionIds: ['c1', 'c2'] }, conditions, answers({ q: 'dry', age: 41 }))).toMatchObject({
      shows: true,
      reason: 'matched',
      matched: 'c1',
    })
    const no = adviceVerdict({ conditionIds: ['c1', 'c2'] }, conditions, answers({ q: 'dry', age: 30 }))
    expect(no).toMatchObject({ shows: false, reason: 'notMatched', matched: null })
    expect(no.outcomes.map((o) => o.failed)).toEqual([1, 0])
    expect(adviceVerdict({ conditionIds: ['c1', 'c2'] }, conditions, answers({ sens: true }))).toMatchObject({
      matched: 'c2',
    })
  })

  it('no conditions: always; an empty or missing condition never matches', () => {
    expect(adviceVerdict({ conditionIds: [] }, conditions, new Map())).toMatchObject({ shows: true, reason: 'always' })
    expect(adviceVerdict({ conditionIds: ['empty', 'gone'] }, conditions, answers({}))).toMatchObject({ shows: false })
  })

  it('latestAnswers takes each questionnaire’s last submission, ties broken by id', () => {
    const got = latestAnswers([
      {
        id: 'b',
        questionnaireId: 'x',
        submittedAt: '2026-01-02T00:00:00Z',
        answers: [{ questionId: 'q', value: 'new' }],
      },
      {
        id: 'a',
        questionnaireId: 'x',
        submittedAt: '2026-01-01T00:00:00Z',
        answers: [{ questionId: 'q', value: 'old' }],
      },
      {
        id: 'd',
        questionnaireId: 'y',
        submittedAt: '2026-01-01T00:00:00Z',
        answers: [{ questionId: 'q', value: 'd' }],
      },
      {
        id: 'c',
        questionnaireId: 'y',
        submittedAt: '2026-01-01T00:00:00Z',
        answers: [{ questionId: 'q', value: 'c' }],
      },
    ])
    expect(got.get('x')).toEqual([{ questionId: 'q', value: 'new' }])
    expect(got.get('y')).toEqual([{ questionId: 'q', value: 'd' }])
  })
})
