import { describe, expect, it } from 'vitest'
import { QUESTION_TYPES, type Question, questionCount, ZQuestion } from './questionnaires'

const q = (id: string, type: Question['type']) => ZQuestion.parse({ id, name: id, type })

describe('questionCount: one definition of "how many questions" (list, kiosk, editor, progress)', () => {
  it('counts the questions a person answers; information blocks (texts between questions) ask nothing', () => {
    const all = QUESTION_TYPES.map((type, i) => q(`q${i}`, type))
    expect(all).toHaveLength(8)
    expect(questionCount(all)).toBe(7)
    expect(questionCount([q('welcome', 'information'), q('a', 'string'), q('info2', 'information')])).toBe(1)
    expect(questionCount([])).toBe(0)
  })
})
