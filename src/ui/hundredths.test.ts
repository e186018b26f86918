import { describe, expect, it } from 'vitest'
import { hundredthsText, parseHundredths } from './hundredths'

describe('hundredths (euro → cents, percent → basis points)', () => {
  it('reads both decimal marks, at most two decimals, exactly', () => {
    expect(parseHundredths('19.99')).toBe(1999)
    expect(parseHundredths('19,99')).toBe(1999)
    expect(parseHundredths('0.29')).toBe(29)
    expect(parseHundredths('1.1')).toBe(110)
    expect(parseHundredths('12,5')).toBe(1250)
    expect(parseHundredths('12')).toBe(1200)
    expect(parseHundredths('12,')).toBe(1200)
    expect(parseHundredths(',5')).toBe(50)
    expect(parseHundredths('€ 49,00')).toBe(4900)
    expect(parseHundredths('12,5 %')).toBe(1250)
    expect(parseHundredths('0')).toBe(0)
  })

  it('every cent amount survives a round trip (no floating-point drift)', () => {
    for (let cents = 0; cents < 100_000; cents += 7) {
      expect(parseHundredths(hundredthsText(cents, 'nl'))).toBe(cents)
      expect(parseHundredths(hundredthsText(cents, 'en'))).toBe(cents)
    }
  })

  it('empty is null; anything else is invalid', () => {
    expect(parseHundredths('')).toBeNull()
    expect(parseHundredths('  ')).toBeNull()
    for (const bad of ['1,234', '1.2.3', '-5', 'abc', '1e3', '12,5,0', '.', '1.234,50'])
      expect(parseHundredths(bad)).toBe('invalid')
  })

  it('shows the reader’s decimal mark', () => {
    expect(hundredthsText(1999, 'nl')).toBe('19,99')
    expect(hundredthsText(1999, 'en')).toBe('19.99')
    expect(hundredthsText(5, 'nl')).toBe('0,05')
    expect(hundredthsText(null, 'nl')).toBe('')
  })
})
