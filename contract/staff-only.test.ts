import { describe, expect, it } from 'vitest'
import { answersFor, forCustomer, type Question, questionsFor, ZQuestion } from './questionnaires'

const q = (id: string, group: Question['group']) => ZQuestion.parse({ id, name: id, type: 'string', group })
const questions = [q('a', 'skin'), q('notes', 'employee'), q('b', null)]

// Issue 7 #14: what the customer's phone and the kiosk hand-over fill (both use forCustomer).
describe('staff-only questions (employee group)', () => {
  it('a customer gets every question but the employee group; staff get all', () => {
    expect(forCustomer({ name: 'x', questions }).questions.map((x) => x.id)).toEqual(['a', 'b'])
    expect(questionsFor(questions, 'employee')).toHaveLength(3)
  })
  it("a customer never reads staff's answers to them", () => {
    const answers = [
      { questionId: 'a', value: 'dry' },
      { questionId: 'notes', value: 'rosacea' },
    ]
    expect(answersFor(answers, questions, 'customer')).toEqual([{ questionId: 'a', value: 'dry' }])
    expect(answersFor(answers, questions, 'employee')).toEqual(answers)
  })
})
