import { describe, expect, it } from 'vitest'
import { ZCreateQuestionnaire, visibleQuestions } from '../../../contract/questionnaires'
import {
  conditionTargets,
  type DraftQuestion,
  emptyDraft,
  misplacedConditions,
  moveItem,
  newCondition,
  newOption,
  newQuestion,
  operatorsFor,
  previewQuestions,
  questionErrors,
  removeOption,
  removeQuestion,
  retarget,
  toPayload,
  withCustomerTitle,
} from './editor-state'

const q = (type: DraftQuestion['type'], patch: Partial<DraftQuestion> = {}): DraftQuestion => ({
  ...newQuestion(type),
  name: `${type} question`,
  ...patch,
})

describe('questionnaire editor state', () => {
  it('moveItem moves one item and clamps the target; out-of-range sources change nothing', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a'])
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b'])
    expect(moveItem(['a', 'b', 'c'], 1, 99)).toEqual(['a', 'c', 'b'])
    expect(moveItem(['a', 'b', 'c'], 1, -5)).toEqual(['b', 'a', 'c'])
    const same = ['a', 'b']
    expect(moveItem(same, 5, 0)).toBe(same)
    expect(moveItem(same, 1, 1)).toBe(same)
  })

  it('moveItem: every move keeps the same items (generated cases)', () => {
    for (let n = 1; n <= 6; n++) {
      const list = Array.from({ length: n }, (_, i) => i)
      for (let from = 0; from < n; from++)
        for (let to = -1; to <= n; to++) {
          const moved = moveItem(list, from, to)
          expect([...moved].sort()).toEqual(list)
          expect(moved[Math.max(0, Math.min(n - 1, to))]).toBe(from)
        }
    }
  })

  it('removing a question drops the conditions that pointed at it', () => {
    const a = q('boolean')
    const b = q('string', { displayLogic: [newCondition(a)] })
    const left = removeQuestion([a, b], a.id)
    expect(left.map((x) => x.id)).toEqual([b.id])
    expect(left[0].displayLogic).toEqual([])
  })

  it('removing an option drops the conditions that asked for it, keeps others', () => {
    const a = q('option', {
      options: [
        { id: 'x', customerTitle: 'X', employeeTitle: 'X' },
        { id: 'y', customerTitle: 'Y', employeeTitle: 'Y' },
      ],
    })
    const b = q('string', {
      displayLogic: [
        { questionId: a.id, operator: 'equals', value: 'x' },
        { questionId: a.id, operator: 'equals', value: 'y' },
      ],
    })
    const [a2, b2] = removeOption([a, b], a.id, 'x')
    expect(a2.options.map((o) => o.id)).toEqual(['y'])
    expect(b2.displayLogic).toEqual([{ questionId: a.id, operator: 'equals', value: 'y' }])
  })

  it('conditions may refer to earlier answerable questions only', () => {
    const info = q('information')
    const a = q('boolean')
    const b = q('string')
    expect(conditionTargets([info, a, b], 2).map((x) => x.id)).toEqual([a.id])
    expect(conditionTargets([info, a, b], 0)).toEqual([])
  })

  it('a reorder that puts a question before the one its condition reads is flagged', () => {
    const a = q('boolean')
    const b = q('string', { displayLogic: [newCondition(a)] })
    expect(misplacedConditions([a, b]).size).toBe(0)
    expect(misplacedConditions(moveItem([a, b], 1, 0)).get(b.id)).toEqual([0])
  })

  it('operators and values follow the target question', () => {
    const multi = q('option', { allowMultiple: true, options: [{ id: 'o1', customerTitle: 'A', employeeTitle: 'A' }] })
    expect(operatorsFor(multi)).toContain('includes')
    expect(operatorsFor(q('boolean'))).not.toContain('includes')
    expect(newCondition(multi)).toEqual({ questionId: multi.id, operator: 'equals', value: 'o1' })
    expect(newCondition(q('boolean')).value).toBe(true)
    const incl = { questionId: multi.id, operator: 'includes' as const, value: 'o1' }
    const rating = q('rating')
    expect(retarget(incl, rating)).toEqual({ questionId: rating.id, operator: 'equals', value: 1 })
  })

  it('the payload leaves out settings the type does not use and passes the contract schema', () => {
    const d = emptyDraft()
    d.name = '  Intake  '
    const opt = q('option', {
      allowCustomValue: true,
      options: [{ id: 'o1', customerTitle: ' Yes ', employeeTitle: 'Y' }],
    })
    const info = q('information', {
      videoUrl: 'https://youtu.be/abcdefg',
      image: '0192d7a0-0000-7000-8000-000000000001/images/x.png',
    })
    const text = q('string', {
      allowMultiple: true,
      image: '0192d7a0-0000-7000-8000-000000000001/images/y.png',
      videoUrl: 'https://vimeo.com/1',
      displayLogic: [{ questionId: opt.id, operator: 'answered', value: 'o1' }],
    })
    d.questions = [opt, info, text]
    const payload = toPayload(d)
    expect(payload.name).toBe('Intake')
    expect(payload.messageTemplate).toBeNull()
    const [p1, p2, p3] = payload.questions ?? []
    expect(p1.options?.[0].customerTitle).toBe('Yes')
    expect(p1.allowCustomValue).toBe(true)
    expect(p2).toMatchObject({
      image: '0192d7a0-0000-7000-8000-000000000001/images/x.png',
      videoUrl: 'https://youtu.be/abcdefg',
      required: false,
    })
    // Image and video belong to every type; multiple values and options only to dropdowns.
    expect(p3).toMatchObject({
      image: '0192d7a0-0000-7000-8000-000000000001/images/y.png',
      videoUrl: 'https://vimeo.com/1',
      allowMultiple: false,
      options: [],
    })
    expect(p3.displayLogic).toEqual([{ questionId: opt.id, operator: 'answered' }])
    expect(ZCreateQuestionnaire.safeParse(payload).success).toBe(true)
  })

  it('the preview applies display logic of the draft and ignores an unfinished video address', () => {
    const d = emptyDraft()
    const a = q('boolean')
    const b = q('string', { displayLogic: [newCondition(a)] })
    const c = q('information', { videoUrl: 'https://you' })
    d.questions = [a, b, c]
    const questions = previewQuestions(d)
    expect(questions[2].videoUrl).toBeNull()
    expect(visibleQuestions({ questions }, {}).map((x) => x.id)).toEqual([a.id, c.id])
    expect(visibleQuestions({ questions }, { [a.id]: true }).map((x) => x.id)).toEqual([a.id, b.id, c.id])
  })

  it('server field paths are split per question', () => {
    const errors = {
      name: 'Required',
      'questions.1.name': 'Required',
      'questions.1.options.0.customerTitle': 'X',
      'questions.10.name': 'Y',
    }
    expect(questionErrors(errors, 1)).toEqual({ name: 'Required', 'options.0.customerTitle': 'X' })
  })
})

describe('questionnaire editor: an option’s employee title (issue 21 #19)', () => {
  it('questionnaires: a new option’s employee title follows its customer title while untouched', () => {
    let o = withCustomerTitle(newOption(), 'D')
    o = withCustomerTitle(o, 'Dry skin')
    expect(o).toMatchObject({ customerTitle: 'Dry skin', employeeTitle: 'Dry skin' })
  })

  it('questionnaires: an employee title of its own stays when the customer title changes', () => {
    const o = { ...withCustomerTitle(newOption(), 'Dry skin'), employeeTitle: 'Dry (D)' }
    expect(withCustomerTitle(o, 'Very dry skin')).toMatchObject({
      customerTitle: 'Very dry skin',
      employeeTitle: 'Dry (D)',
    })
  })
})
