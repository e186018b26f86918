import { describe, expect, it } from 'vitest'
import {
  type AnswerValue,
  answerText,
  fillTemplate,
  type Question,
  type QuestionInput,
  VIDEO_URL_RE,
  validateAnswers,
  visibleQuestions,
  ZCreateQuestionnaire,
  ZQuestion,
} from './questionnaires'

const q = (input: QuestionInput): Question => ZQuestion.parse(input)

describe('display logic', () => {
  const questions = [
    q({ id: 'a', name: 'A', type: 'boolean', required: true }),
    q({
      id: 'b',
      name: 'B',
      type: 'string',
      required: true,
      displayLogic: [{ questionId: 'a', operator: 'equals', value: true }],
    }),
    q({
      id: 'c',
      name: 'C',
      type: 'string',
      required: true,
      displayLogic: [{ questionId: 'b', operator: 'answered' }],
    }),
    q({
      id: 'd',
      name: 'D',
      type: 'option',
      allowMultiple: true,
      options: [
        { id: 'x', customerTitle: 'X', employeeTitle: 'Ex' },
        { id: 'y', customerTitle: 'Y', employeeTitle: 'Why' },
      ],
    }),
    q({ id: 'e', name: 'E', type: 'number', displayLogic: [{ questionId: 'd', operator: 'includes', value: 'y' }] }),
    q({ id: 'f', name: 'F', type: 'number', displayLogic: [{ questionId: 'a', operator: 'notEquals', value: true }] }),
  ]
  const ids = (answers: Record<string, AnswerValue>) => visibleQuestions({ questions }, answers).map((x) => x.id)

  it('shows a question only when its conditions hold', () => {
    expect(ids({})).toEqual(['a', 'd', 'f'])
    expect(ids({ a: true })).toEqual(['a', 'b', 'd'])
    expect(ids({ a: true, b: 'yes' })).toEqual(['a', 'b', 'c', 'd'])
    expect(ids({ d: ['x', 'y'] })).toEqual(['a', 'd', 'e', 'f'])
  })

  it('an answer to a hidden question counts as none, so its dependants hide too', () => {
    expect(ids({ a: false, b: 'stale' })).toEqual(['a', 'd', 'f'])
  })

  it('the required check names missing visible questions and keeps only visible answers', () => {
    const r = validateAnswers({ questions }, [
      { questionId: 'a', value: true },
      { questionId: 'f', value: 3 },
    ])
    expect(r.missing).toEqual(['b'])
    expect(r.answers.map((a) => a.questionId)).toEqual(['a'])
    expect(r.invalid).toEqual([])
  })

  it('generated: for every answer combination the visible set obeys each rule', () => {
    const aValues: AnswerValue[] = [true, false, null]
    const bValues: AnswerValue[] = ['x', '', null]
    const dValues: AnswerValue[] = [[], ['x'], ['y'], ['x', 'y'], null]
    for (const a of aValues)
      for (const b of bValues)
        for (const d of dValues) {
          const shown = ids({ a, b, d } as Record<string, AnswerValue>)
          expect(shown.includes('b')).toBe(a === true)
          expect(shown.includes('c')).toBe(a === true && b === 'x')
          expect(shown.includes('e')).toBe(Array.isArray(d) && d.includes('y'))
          expect(shown.includes('f')).toBe(a !== true)
          const r = validateAnswers({ questions }, { a, b, d } as Record<string, AnswerValue>)
          // Every kept answer belongs to a shown question, every missing one is shown and required.
          for (const k of r.answers) expect(shown).toContain(k.questionId)
          for (const m of r.missing) expect(shown).toContain(m)
          expect(r.missing.includes('a')).toBe(a === null)
        }
  })
})

describe('answer types', () => {
  const one = (input: QuestionInput, value: AnswerValue) =>
    validateAnswers({ questions: [q({ ...input, id: 'x', name: 'X' })] }, [{ questionId: 'x', value }]).invalid
      .length === 0
  it('accepts values that fit and refuses those that do not', () => {
    expect(one({ type: 'number' } as QuestionInput, 3.5)).toBe(true)
    expect(one({ type: 'number' } as QuestionInput, '3')).toBe(false)
    expect(one({ type: 'rating' } as QuestionInput, 5)).toBe(true)
    expect(one({ type: 'rating' } as QuestionInput, 6)).toBe(false)
    expect(one({ type: 'rating' } as QuestionInput, 2.5)).toBe(false)
    expect(one({ type: 'date' } as QuestionInput, '2026-02-28')).toBe(true)
    expect(one({ type: 'date' } as QuestionInput, '2026-13-01')).toBe(false)
    expect(one({ type: 'boolean' } as QuestionInput, 'yes')).toBe(false)
    expect(one({ type: 'string' } as QuestionInput, ['a', 'b'])).toBe(false)
    expect(one({ type: 'string', allowMultiple: true } as QuestionInput, ['a', 'b'])).toBe(true)
    const opts = [{ id: 'o', customerTitle: 'O', employeeTitle: 'Oh' }]
    expect(one({ type: 'option', options: opts } as QuestionInput, 'o')).toBe(true)
    expect(one({ type: 'option', options: opts } as QuestionInput, 'free')).toBe(false)
    expect(one({ type: 'option', options: opts, allowCustomValue: true } as QuestionInput, 'free')).toBe(true)
  })

  it('answer texts use option titles and dd-MM-yyyy', () => {
    const opt = q({
      id: 'o',
      name: 'O',
      type: 'option',
      allowMultiple: true,
      options: [
        { id: 'a', customerTitle: 'Ay', employeeTitle: 'Alpha' },
        { id: 'b', customerTitle: 'Bee', employeeTitle: 'Beta' },
      ],
    })
    expect(answerText(opt, ['a', 'b'], 'employee')).toBe('Alpha, Beta')
    expect(answerText(opt, ['a', 'custom'], 'customer')).toBe('Ay, custom')
    expect(answerText(q({ id: 'd', name: 'D', type: 'date' }), '2026-03-09', 'employee')).toBe('09-03-2026')
  })
})

describe('questionnaire rules', () => {
  it('video URLs: YouTube and Vimeo only', () => {
    for (const ok of ['https://www.youtube.com/watch?v=1', 'https://youtu.be/x', 'https://vimeo.com/1'])
      expect(VIDEO_URL_RE.test(ok)).toBe(true)
    for (const bad of ['https://youtube.com.evil.io/watch?v=1', 'javascript:alert(1)', 'https://example.com/v'])
      expect(VIDEO_URL_RE.test(bad)).toBe(false)
  })
  it('display logic must point to an earlier question', () => {
    const r = ZCreateQuestionnaire.safeParse({
      name: 'N',
      questions: [{ id: 'a', name: 'A', type: 'string', displayLogic: [{ questionId: 'a', operator: 'answered' }] }],
    })
    expect(r.success).toBe(false)
  })
  it('templates fill {{name}} and {{link}}', () => {
    expect(fillTemplate('Hi {{name}}, {{ link }} {{other}}', { name: 'Sanne', link: 'L' })).toBe(
      'Hi Sanne, L {{other}}',
    )
  })
})
