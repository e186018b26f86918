import { describe, expect, it } from 'vitest'
import { formatDate, formatDateTime, parseDate } from './format'

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
