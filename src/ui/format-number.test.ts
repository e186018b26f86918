import { beforeAll, describe, expect, it } from 'vitest'
import { LANGUAGES } from '../../contract/enums'
import { ZQuestion } from '../../contract/questionnaires'
import { answerDisplayText } from '../features/questionnaire-fill/answer-view'
import { i18n, loadLanguage } from '../i18n'
import { formatNumber } from './format'

// Each language is its own chunk (src/i18n); these tests read both.
beforeAll(() => Promise.all(LANGUAGES.map(loadLanguage)))

const nl = i18n.getFixedT('nl')
const en = i18n.getFixedT('en')
const question = (type: 'number' | 'rating') => ZQuestion.parse({ id: 'q1', name: 'Gewicht', type, required: false })

describe('numbers as the reader writes them (issue 7 #22)', () => {
  it('formatNumber: Dutch decimal comma, English point; grouping only when asked', () => {
    expect(formatNumber(1.5, 'nl-NL')).toBe('1,5')
    expect(formatNumber(1.5, 'en-GB')).toBe('1.5')
    expect(formatNumber(12345.25, 'nl-NL')).toBe('12.345,25')
    expect(formatNumber(1990, 'nl-NL', { grouping: false })).toBe('1990')
    expect(formatNumber(-0.125, 'nl-NL')).toBe('-0,125')
  })

  it('a number answer reads "1,5" in Dutch and "1.5" in English; a year stays a year', () => {
    expect(answerDisplayText(nl, question('number'), 1.5, 'employee')).toBe('1,5')
    expect(answerDisplayText(en, question('number'), 1.5, 'employee')).toBe('1.5')
    expect(answerDisplayText(nl, question('number'), 1990, 'customer')).toBe('1990')
    expect(answerDisplayText(nl, question('rating'), 4, 'employee')).toBe('4 / 5')
  })
})

describe('numbers inside texts (i18next interpolation)', () => {
  it('counts read "1.234" in Dutch and "1,234" in English; plural rules still apply', () => {
    expect(nl('customers.count', { count: 1234 })).toBe('1.234 klanten')
    expect(en('customers.count', { count: 1234 })).toBe('1,234 customers')
    expect(nl('customers.count', { count: 1 })).toBe('1 klant')
  })
})
