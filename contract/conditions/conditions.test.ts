import { describe, expect, it } from 'vitest'
import { type Answer, type AnswerValue, isAnswered } from '../questionnaires/answer-value'
import { validateAnswers } from '../questionnaires/answers'
import { type Question, ZQuestion } from '../questionnaires/questions'
import { type Condition, CONDITION_OPERATORS, POSITIVE_OPERATORS, ZCondition } from './condition'
import { evaluate, evaluateAll, holds } from './evaluate'
import { forAll, type Random } from './seeded-random'
import { visibleQuestions } from './visibility'

// ─── Generators ───────────────────────────────────────────────────────────────────────────────

/** Few ids, so conditions and answers meet often; prototype names check records are read safely. */
const IDS = ['a', 'b', 'c', 'd', 'e', 'f', 'constructor', 'toString', '__proto__']
/** Texts shared by condition values and answers, so `equals` and `includes` hold often enough. */
const TEXTS = ['x', 'y', 'z', '1', '1.5', '-2', 'true', 'false', '2026-03-09', ' x', 'X']
const NUMBERS = [0, 1, 1.5, -2, 3, 10, 0.1]

const conditionValue = (r: Random): Condition['value'] =>
  r.pick<() => Condition['value']>([
    () => r.pick(TEXTS),
    () => r.pick(NUMBERS),
    () => r.chance(0.5),
    () => undefined,
    () => '',
  ])()

/** Every shape an answer takes, the unanswered ones (null, '', []) included. */
const answerValue = (r: Random): AnswerValue =>
  r.pick<() => AnswerValue>([
    () => null,
    () => '',
    () => [],
    () => r.pick(TEXTS),
    () => r.pick(NUMBERS),
    () => r.chance(0.5),
    () => Array.from({ length: r.int(1, 3) }, () => r.pick(TEXTS)),
  ])()

const condition = (r: Random, ids = IDS): Condition => {
  const operator = r.pick(CONDITION_OPERATORS)
  const value = conditionValue(r)
  return value === undefined ? { questionId: r.pick(ids), operator } : { questionId: r.pick(ids), operator, value }
}

/** Half the time the condition asks for a value its question's answer has, so it holds often enough. */
const aimed = (r: Random, c: Condition, list: readonly Answer[]): Condition => {
  const v = list.find((a) => a.questionId === c.questionId)?.value
  if (!isAnswered(v) || r.chance(0.5)) return c
  return { ...c, value: Array.isArray(v) ? r.pick(v) : (v as string | number | boolean) }
}

/** Answers with unique question ids, as a submission stores them. */
const answers = (r: Random, ids = IDS): Answer[] =>
  r.shuffle(ids.filter(() => r.chance(0.6))).map((questionId) => ({ questionId, value: answerValue(r) }))

const asRecord = (list: readonly Answer[]) => Object.fromEntries(list.map((a) => [a.questionId, a.value]))
const asMap = (list: readonly Answer[]) => new Map(list.map((a) => [a.questionId, a.value]))
const without = (list: readonly Answer[], id: string) => list.filter((a) => a.questionId !== id)
const UNANSWERED: (AnswerValue | undefined)[] = [undefined, null, '', []]

// The evaluator before it moved into contract/conditions, verbatim: the oracle for "behaviour unchanged".
const legacyAsList = (v: AnswerValue | undefined): string[] =>
  !isAnswered(v) ? [] : Array.isArray(v) ? v : [String(v)]
function legacyHolds(c: Condition, answer: AnswerValue | undefined): boolean {
  if (c.operator === 'answered') return isAnswered(answer)
  const list = legacyAsList(answer)
  const want = c.value === undefined ? '' : String(c.value)
  const equals = list.length === 1 && list[0] === want
  if (c.operator === 'equals') return equals
  if (c.operator === 'notEquals') return !equals
  return list.includes(want)
}
function legacyVisible(questions: Question[], answers: Answer[] | Record<string, AnswerValue>): Question[] {
  const given = new Map(Array.isArray(answers) ? answers.map((a) => [a.questionId, a.value]) : Object.entries(answers))
  const shown = new Map<string, AnswerValue | undefined>()
  const out: Question[] = []
  for (const q of questions) {
    if (q.displayLogic.every((c) => legacyHolds(c, shown.get(c.questionId)))) {
      out.push(q)
      shown.set(q.id, given.get(q.id))
    }
  }
  return out
}

// ─── evaluate ────────────────────────────────────────────────────────────────────────────────

describe('conditions: evaluate (property tests, seeded)', () => {
  const oneCase = (r: Random) => {
    const list = answers(r)
    return { c: aimed(r, condition(r), list), answers: list }
  }

  it('the generated cases reach both outcomes of every operator (the properties are not vacuous)', () => {
    const outcomes = new Set<string>()
    forAll(oneCase, ({ c, answers }) => {
      outcomes.add(`${c.operator}:${evaluate(c, answers)}`)
      const v = asMap(answers).get(c.questionId)
      if (Array.isArray(v) && v.length > 1) outcomes.add(`${c.operator}:many:${evaluate(c, answers)}`)
    })
    for (const op of CONDITION_OPERATORS) for (const b of [true, false]) expect(outcomes).toContain(`${op}:${b}`)
    expect(outcomes).toContain('includes:many:true')
  })

  it('every generated condition is one the schema accepts', () => {
    forAll(oneCase, ({ c }) => expect(ZCondition.parse(c)).toEqual(c))
  })

  it('agrees with the evaluator it replaced (behaviour unchanged)', () => {
    forAll(oneCase, ({ c, answers }) => {
      const given = asMap(answers).get(c.questionId)
      expect(evaluate(c, answers)).toBe(legacyHolds(c, given))
    })
  })

  it('notEquals is the exact complement of equals (answered or not)', () => {
    forAll(oneCase, ({ c, answers }) => {
      const eq = evaluate({ ...c, operator: 'equals' }, answers)
      expect(evaluate({ ...c, operator: 'notEquals' }, answers)).toBe(!eq)
    })
  })

  it('an unanswered question never satisfies a positive condition (and always satisfies notEquals)', () => {
    forAll(
      (r) => ({ c: condition(r), answers: answers(r), empty: r.pick(UNANSWERED) }),
      ({ c, answers, empty }) => {
        const list = without(answers, c.questionId)
        const withEmpty = empty === undefined ? list : [...list, { questionId: c.questionId, value: empty }]
        for (const operator of POSITIVE_OPERATORS) expect(evaluate({ ...c, operator }, withEmpty)).toBe(false)
        expect(evaluate({ ...c, operator: 'notEquals' }, withEmpty)).toBe(true)
      },
    )
  })

  it('answered holds exactly when there is an answer, whatever the value', () => {
    forAll(oneCase, ({ c, answers }) => {
      const given = asMap(answers).get(c.questionId)
      expect(evaluate({ ...c, operator: 'answered' }, answers)).toBe(isAnswered(given))
    })
  })

  it('equals implies includes; on a single value they are the same', () => {
    forAll(oneCase, ({ c, answers }) => {
      const eq = evaluate({ ...c, operator: 'equals' }, answers)
      const inc = evaluate({ ...c, operator: 'includes' }, answers)
      if (eq) expect(inc).toBe(true)
      if (!Array.isArray(asMap(answers).get(c.questionId))) expect(inc).toBe(eq)
    })
  })

  it('independent of answer order and of how the answers are held (list, record, map)', () => {
    forAll(
      (r) => {
        const list = answers(r)
        return { c: condition(r), answers: list, shuffled: r.shuffle(list) }
      },
      ({ c, answers, shuffled }) => {
        const want = evaluate(c, answers)
        expect(evaluate(c, shuffled)).toBe(want)
        expect(evaluate(c, asRecord(answers))).toBe(want)
        expect(evaluate(c, asMap(answers))).toBe(want)
      },
    )
  })

  it('independent of answers to other questions', () => {
    forAll(
      (r) => ({ c: condition(r), answers: answers(r), others: answers(r) }),
      ({ c, answers, others }) => {
        const own = answers.filter((a) => a.questionId === c.questionId)
        const unrelated = others.filter((a) => a.questionId !== c.questionId)
        expect(evaluate(c, [...unrelated, ...own])).toBe(evaluate(c, own))
      },
    )
  })

  it('values compare as text: a number or yes/no and its written form are the same condition', () => {
    forAll(oneCase, ({ c, answers }) => {
      if (c.value === undefined) return
      expect(evaluate({ ...c, value: String(c.value) }, answers)).toBe(evaluate(c, answers))
    })
    // Number answers are stored as numbers (the tablet reads "1,5" and "1.5" as 1.5).
    for (const n of NUMBERS) {
      expect(holds({ questionId: 'a', operator: 'equals', value: n }, n)).toBe(true)
      expect(holds({ questionId: 'a', operator: 'equals', value: String(n) }, n)).toBe(true)
    }
  })

  it('a question id named like an object property is just an unanswered question', () => {
    for (const questionId of ['constructor', 'toString', '__proto__', 'hasOwnProperty'])
      for (const operator of POSITIVE_OPERATORS) expect(evaluate({ questionId, operator }, {})).toBe(false)
  })

  it('evaluateAll: every condition holds (none: always)', () => {
    forAll(
      (r) => ({ cs: Array.from({ length: r.int(0, 4) }, () => condition(r)), answers: answers(r) }),
      ({ cs, answers }) => {
        expect(evaluateAll(cs, answers)).toBe(cs.every((c) => evaluate(c, answers)))
      },
    )
  })
})

// ─── visibleQuestions ────────────────────────────────────────────────────────────────────────

const TYPES = ['string', 'boolean', 'number', 'option', 'information'] as const

/**
 * A questionnaire whose display logic mostly points at earlier questions (as the schema demands),
 * sometimes at a later or unknown one (an old or hand-made questionnaire must not break it).
 */
function questionnaire(r: Random) {
  const ids = IDS.slice(0, r.int(1, IDS.length))
  const given = answers(r, [...ids, 'stray'])
  const questions = ids.map((id, i) => {
    const earlier = ids.slice(0, i)
    const targets = earlier.length && r.chance(0.9) ? earlier : [...ids, 'unknown']
    const displayLogic = r.chance(0.35)
      ? []
      : Array.from({ length: r.int(1, 2) }, () => aimed(r, condition(r, targets), given))
    const type = r.pick(TYPES)
    return ZQuestion.parse({
      id,
      name: id,
      type,
      required: type !== 'information' && r.chance(0.5),
      allowMultiple: type === 'string' || type === 'option',
      allowCustomValue: true,
      options: type === 'option' ? [{ id: 'x', customerTitle: 'X', employeeTitle: 'X' }] : [],
      displayLogic,
    })
  })
  return { questions, answers: given }
}

describe('conditions: visibleQuestions (property tests, seeded)', () => {
  const ids = (qs: { id: string }[]) => qs.map((q) => q.id)

  it('the generated questionnaires hide questions, also through a hidden question', () => {
    let hidden = 0
    let chained = 0
    forAll(questionnaire, ({ questions, answers }) => {
      const shown = new Set(ids(visibleQuestions({ questions }, answers)))
      for (const q of questions) {
        if (shown.has(q.id)) continue
        hidden++
        if (q.displayLogic.some((c) => questions.some((t) => t.id === c.questionId && !shown.has(t.id)))) chained++
      }
    })
    expect(hidden).toBeGreaterThan(100)
    expect(chained).toBeGreaterThan(20)
  })

  it('agrees with the evaluator it replaced (behaviour unchanged)', () => {
    forAll(questionnaire, ({ questions, answers }) => {
      expect(ids(visibleQuestions({ questions }, answers))).toEqual(ids(legacyVisible(questions, answers)))
      expect(ids(visibleQuestions({ questions }, asRecord(answers)))).toEqual(
        ids(legacyVisible(questions, asRecord(answers))),
      )
    })
  })

  it('keeps question order, and a question without conditions always shows', () => {
    forAll(questionnaire, ({ questions, answers }) => {
      const shown = ids(visibleQuestions({ questions }, answers))
      expect(shown).toEqual(ids(questions).filter((id) => shown.includes(id)))
      for (const q of questions) if (q.displayLogic.length === 0) expect(shown).toContain(q.id)
    })
  })

  it('is exactly the questions whose conditions hold on the answers to earlier shown questions', () => {
    forAll(questionnaire, ({ questions, answers }) => {
      const shown = new Set(ids(visibleQuestions({ questions }, answers)))
      questions.forEach((q, i) => {
        const before = new Set(ids(questions.slice(0, i)).filter((id) => shown.has(id)))
        const seen = answers.filter((a) => before.has(a.questionId))
        expect(shown.has(q.id)).toBe(evaluateAll(q.displayLogic, seen))
      })
    })
  })

  it('closed under hiding: a positive condition on a hidden, later or unknown question hides its question', () => {
    forAll(questionnaire, ({ questions, answers }) => {
      const shown = new Set(ids(visibleQuestions({ questions }, answers)))
      questions.forEach((q, i) => {
        const earlierShown = new Set(ids(questions.slice(0, i)).filter((id) => shown.has(id)))
        const blind = q.displayLogic.some(
          (c) => POSITIVE_OPERATORS.includes(c.operator) && !earlierShown.has(c.questionId),
        )
        if (blind) expect(shown.has(q.id)).toBe(false)
      })
    })
  })

  it('answers to hidden questions, to unknown questions and their order change nothing', () => {
    forAll(
      (r) => ({ ...questionnaire(r), noise: answers(r, [...IDS, 'stray', 'other']), order: r.int(0, 1000) }),
      ({ questions, answers, noise, order }) => {
        const shown = ids(visibleQuestions({ questions }, answers))
        const onlyShown = answers.filter((a) => shown.includes(a.questionId))
        expect(ids(visibleQuestions({ questions }, onlyShown))).toEqual(shown)
        // Any other answers to the hidden and unknown questions.
        const hiddenNoise = noise.filter((a) => !shown.includes(a.questionId))
        expect(ids(visibleQuestions({ questions }, [...onlyShown, ...hiddenNoise]))).toEqual(shown)
        const rotated = answers.map((_, i) => answers[(i + order) % answers.length])
        expect(ids(visibleQuestions({ questions }, rotated))).toEqual(shown)
      },
    )
  })

  it('the required check: missing and kept answers are shown questions; missing is every shown required unanswered one', () => {
    forAll(questionnaire, ({ questions, answers }) => {
      const shownQs = visibleQuestions({ questions }, answers)
      const given = asMap(answers)
      const check = validateAnswers({ questions }, answers)
      expect(check.missing).toEqual(
        shownQs.filter((q) => q.type !== 'information' && q.required && !isAnswered(given.get(q.id))).map((q) => q.id),
      )
      const shown = new Set(ids(shownQs))
      for (const a of check.answers) expect(shown.has(a.questionId)).toBe(true)
      for (const i of check.invalid)
        expect(shown.has(i.questionId) || !questions.some((q) => q.id === i.questionId)).toBe(true)
      expect(check.invalid.filter((i) => i.questionId === 'stray').length).toBe(given.has('stray') ? 1 : 0)
    })
  })
})
