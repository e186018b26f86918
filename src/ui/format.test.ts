import { describe, expect, it } from 'vitest'
import { formatDate, formatDateTime, formatMoney, parseDate } from './format'

describe('dates (spec §9: dd-MM-yyyy)', () => {
  it('formats calendar dates and timestamps', () => {
    expect(formatDate('1990-03-07')).toBe('07-03-1990')
    expect(formatDateTime(new Date(2026, 10, 21, 9, 5))).toBe('21-11-2026 09:05')
    expect(formatDate(null)).toBe('')
  })
  it('parses what a user types, refusing impossible dates', () => {
    expect(parseDate('7-3-1990')).toBe('1990-03-07')
    expect(parseDate('31-02-2020')).toBeNull()
    expect(parseDate('1990-03-07')).toBeNull()
  })
})

describe('money (integer cents as euros)', () => {
  it('writes euros as the reader does, to the cent', () => {
    // Intl puts a no-break space between the sign and the amount in Dutch.
    expect(formatMoney(123450, 'nl-NL').replace(/\s/g, ' ')).toBe('€ 1.234,50')
    expect(formatMoney(123450, 'en-GB')).toBe('€1,234.50')
    expect(formatMoney(4516, 'en-GB')).toBe('€45.16')
    expect(formatMoney(0, 'nl-NL').replace(/\s/g, ' ')).toBe('€ 0,00')
  })
})
