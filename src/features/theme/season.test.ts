import { describe, expect, it } from 'vitest'
import { activeSeason, seasonForDate } from './season'

const d = (month: number, day: number, year = 2026) => new Date(year, month - 1, day)

describe('seasonForDate (spec §4)', () => {
  it('summer runs from 6 May to 5 August', () => {
    expect(seasonForDate(d(5, 5))).toBe('spring')
    expect(seasonForDate(d(5, 6))).toBe('summer')
    expect(seasonForDate(d(8, 5))).toBe('summer')
  })
  it('fall runs from 6 August to 5 November', () => {
    expect(seasonForDate(d(8, 6))).toBe('fall')
    expect(seasonForDate(d(11, 5))).toBe('fall')
  })
  it('winter runs from 6 November over the new year to 5 February', () => {
    expect(seasonForDate(d(11, 6))).toBe('winter')
    expect(seasonForDate(d(12, 31))).toBe('winter')
    expect(seasonForDate(d(1, 1, 2027))).toBe('winter')
    expect(seasonForDate(d(2, 5))).toBe('winter')
  })
  it('spring is every other day', () => {
    expect(seasonForDate(d(2, 6))).toBe('spring')
    expect(seasonForDate(d(3, 21))).toBe('spring')
    expect(seasonForDate(d(2, 29, 2028))).toBe('spring')
  })
  it('a stored override wins over the date', () => {
    expect(activeSeason('fall', d(6, 1))).toBe('fall')
    expect(activeSeason('auto', d(6, 1))).toBe('summer')
  })
})
