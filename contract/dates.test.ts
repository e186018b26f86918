import { describe, expect, it } from 'vitest'
import { autoDashDateText, daysInMonth, isIsoDate, isLeapYear, isoToDateText, parseDateText } from './dates'
import { answerError, type Question } from './questionnaires'
import { dateTextError, MSG, zIsoDate } from './validation'

const pad = (n: number) => String(n).padStart(2, '0')
/** The calendar by another route: the day after the last day of a month is the 1st. */
const realLastDay = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate()

const YEARS = [1900, 1990, 1999, 2000, 2023, 2024, 2025, 2100, 2400]

describe('dates: one parser for every date field (generated cases)', () => {
  it('knows the leap years (divisible by 4, not by 100 unless by 400)', () => {
    for (let y = 1890; y <= 2410; y++) expect(isLeapYear(y), String(y)).toBe(realLastDay(y, 2) === 29)
  })

  for (const y of YEARS) {
    it(`every day of ${y} is a date, and the day after each month's last is not`, () => {
      for (let m = 1; m <= 12; m++) {
        const last = realLastDay(y, m)
        expect(daysInMonth(y, m)).toBe(last)
        for (let d = 1; d <= last; d++) {
          const iso = `${y}-${pad(m)}-${pad(d)}`
          expect(parseDateText(`${pad(d)}-${pad(m)}-${y}`)).toEqual({ ok: true, iso })
          expect(parseDateText(`${d}-${m}-${y}`)).toEqual({ ok: true, iso })
          expect(isIsoDate(iso)).toBe(true)
          expect(isoToDateText(iso)).toBe(`${pad(d)}-${pad(m)}-${y}`)
        }
        for (const d of [0, last + 1, 32, 99]) {
          expect(parseDateText(`${pad(d)}-${pad(m)}-${y}`), `${d}-${m}-${y}`).toEqual({ ok: false, reason: 'date' })
          expect(isIsoDate(`${y}-${pad(m)}-${pad(d)}`)).toBe(false)
        }
      }
      for (const m of [0, 13, 99]) expect(parseDateText(`01-${pad(m)}-${y}`)).toEqual({ ok: false, reason: 'date' })
    })
  }

  it('29-02 only in leap years', () => {
    expect(parseDateText('29-02-2024').ok).toBe(true)
    expect(parseDateText('29-02-2000').ok).toBe(true)
    expect(parseDateText('29-02-2025')).toEqual({ ok: false, reason: 'date' })
    expect(parseDateText('29-02-1900')).toEqual({ ok: false, reason: 'date' })
  })

  it('tells a wrong shape from a day that does not exist', () => {
    for (const text of ['31-12', '2025-12-31', '31 december 2025', '31-12-25', 'abc', '31--12-2025', '311-2-2025'])
      expect(parseDateText(text), text).toEqual({ ok: false, reason: 'format' })
    expect(parseDateText('   ')).toEqual({ ok: false, reason: 'empty' })
    expect(parseDateText('31/12/2025')).toEqual({ ok: true, iso: '2025-12-31' })
    expect(parseDateText('31.12.2025')).toEqual({ ok: true, iso: '2025-12-31' })
    expect(parseDateText('31122025')).toEqual({ ok: true, iso: '2025-12-31' })
  })

  it('names the bad date in the message, and says "format" only when the format is wrong', () => {
    expect(dateTextError('31-02-1990')?.message).toBe('31-02-1990 is not a valid date.')
    expect(dateTextError('31-02-1990')).toMatchObject({ code: 'dateInvalid', params: { value: '31-02-1990' } })
    expect(dateTextError('31-1')).toEqual({ code: 'date', params: {}, message: MSG.date })
    expect(dateTextError('31-13-2025')?.message).toBe('31-13-2025 is not a valid date.')
    expect(dateTextError('31-1')?.message).toBe(MSG.date)
    expect(dateTextError('')).toBeNull()
    expect(dateTextError('28-02-1990')).toBeNull()
  })

  it('the server refuses ISO dates that do not exist (date of birth) and date answers that are no date', () => {
    expect(zIsoDate.safeParse('1990-02-28').success).toBe(true)
    const bad = zIsoDate.safeParse('1990-02-31')
    expect(bad.success).toBe(false)
    expect(bad.error?.issues[0].message).toBe('1990-02-31 is not a valid date.')
    expect(bad.error?.issues[0]).toMatchObject({ params: { code: 'dateInvalid', value: '1990-02-31' } })
    const q = { id: 'q', type: 'date', allowMultiple: false } as Question
    expect(answerError(q, '2025-12-31')).toBeNull()
    expect(answerError(q, '2025-02-30')?.message).toBe('2025-02-30 is not a valid date.')
    expect(answerError(q, '31-13-2025')?.message).toBe('31-13-2025 is not a valid date.')
    expect(answerError(q, '31-1')?.message).toBe(MSG.date)
  })
})

describe('autoDashDateText: a number pad without "-" is enough', () => {
  const typeIn = (keys: string) => [...keys].reduce((text, k) => autoDashDateText(text, text + k), '')
  it('puts the dashes in as digits are typed', () => {
    expect(typeIn('31121990')).toBe('31-12-1990')
    expect(typeIn('31-12-1990')).toBe('31-12-1990')
    expect(typeIn('1-2-2025')).toBe('1-2-2025')
    expect(typeIn('1-12')).toBe('1-12-')
  })
  it('leaves deleting and pasting alone, except eight bare digits', () => {
    expect(autoDashDateText('31-', '31')).toBe('31')
    expect(autoDashDateText('31-12-', '31-12')).toBe('31-12')
    expect(autoDashDateText('', '31121990')).toBe('31-12-1990')
    expect(autoDashDateText('', '31-13-2025')).toBe('31-13-2025')
    expect(autoDashDateText('31-12-1990', '31-1-1990')).toBe('31-1-1990')
  })
})
