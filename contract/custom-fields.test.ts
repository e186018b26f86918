import { describe, expect, it } from 'vitest'
import { formatCustomValue, isCustomValueOf, parseCustomValue } from './custom-fields'

const f = (type: 'text' | 'number' | 'date' | 'boolean' | 'option', extra = {}) => ({
  type,
  options: ['Droog', 'Vet'],
  required: false,
  ...extra,
})

describe('custom field values', () => {
  it('reads numbers with a Dutch comma or thousands dots, and refuses words', () => {
    expect(parseCustomValue(f('number'), '1,5')).toEqual({ ok: true, value: 1.5 })
    expect(parseCustomValue(f('number'), '1.234,50')).toEqual({ ok: true, value: 1234.5 })
    expect(parseCustomValue(f('number'), '-3')).toEqual({ ok: true, value: -3 })
    expect(parseCustomValue(f('number'), 'twee')).toEqual({ ok: false, problem: 'number' })
  })

  it('reads dates as typed in the Netherlands and ISO; refuses 31 February', () => {
    expect(parseCustomValue(f('date'), '07-03-1990')).toEqual({ ok: true, value: '1990-03-07' })
    expect(parseCustomValue(f('date'), '7/3/1990')).toEqual({ ok: true, value: '1990-03-07' })
    expect(parseCustomValue(f('date'), '1990-03-07')).toEqual({ ok: true, value: '1990-03-07' })
    expect(parseCustomValue(f('date'), '31-02-1990')).toEqual({ ok: false, problem: 'date' })
  })

  it('reads yes/no in both languages, options case-insensitively as the definition spells them', () => {
    expect(parseCustomValue(f('boolean'), 'Ja')).toEqual({ ok: true, value: true })
    expect(parseCustomValue(f('boolean'), 'no')).toEqual({ ok: true, value: false })
    expect(parseCustomValue(f('boolean'), 'misschien')).toEqual({ ok: false, problem: 'boolean' })
    expect(parseCustomValue(f('option'), 'vet')).toEqual({ ok: true, value: 'Vet' })
    expect(parseCustomValue(f('option'), 'Normaal')).toEqual({ ok: false, problem: 'option' })
  })

  it('treats empty text as no value, a problem only for a required field', () => {
    expect(parseCustomValue(f('text'), '  ')).toEqual({ ok: true, value: undefined })
    expect(parseCustomValue(f('text', { required: true }), '')).toEqual({ ok: false, problem: 'required' })
  })

  it('checks stored values against the definition and formats them back', () => {
    expect(isCustomValueOf(f('option'), 'Vet')).toBe(true)
    expect(isCustomValueOf(f('option'), 'vet')).toBe(false)
    expect(isCustomValueOf(f('date'), '1990-02-31')).toBe(false)
    expect(isCustomValueOf(f('number'), '3')).toBe(false)
    expect(formatCustomValue(f('date'), '1990-03-07')).toBe('07-03-1990')
    expect(formatCustomValue(f('boolean'), true, 'en')).toBe('yes')
    expect(formatCustomValue(f('number'), 1.5)).toBe('1,5')
  })
})

describe('custom field definitions (issue 10)', () => {
  it('suggests a property name from the display name', async () => {
    const { suggestPropertyName, PROPERTY_NAME_RE } = await import('./custom-fields')
    expect(suggestPropertyName('Favoriete behandeling')).toBe('favorieteBehandeling')
    expect(suggestPropertyName('Huidtype (Fitzpatrick)')).toBe('huidtypeFitzpatrick')
    expect(suggestPropertyName('Crème & café')).toBe('cremeCafe')
    expect(suggestPropertyName('2e afspraak')).toBe('eAfspraak')
    expect(suggestPropertyName('!!!')).toBe('')
    for (const s of ['Favoriete behandeling', 'a'.repeat(100), 'Crème & café'])
      expect(PROPERTY_NAME_RE.test(suggestPropertyName(s))).toBe(true)
  })

  it('a choice field needs distinct options; other types need none', async () => {
    const { optionProblems } = await import('./custom-fields')
    expect(optionProblems('text', [])).toEqual([])
    expect(optionProblems('option', [])).toEqual([{ path: 'options', code: 'customField.options' }])
    expect(optionProblems('option', ['Ja', 'Nee', 'ja'])).toEqual([
      { path: 'options.2', code: 'customField.duplicateOption' },
    ])
  })
})
