import { describe, expect, it } from 'vitest'
import { latestSkinDay, ZSaveSkinAnalysis } from '../../../contract/skin-analysis'
import { analysisDay, localToday } from './analysis-day'

describe('skin analysis day', () => {
  it('accepts today and earlier days', () => {
    expect(analysisDay('23-11-2026', '2026-11-23')).toEqual({ ok: true, iso: '2026-11-23' })
    expect(analysisDay('01-02-2020', '2026-11-23')).toEqual({ ok: true, iso: '2020-02-01' })
  })

  it('refuses a day after today with the future-date message', () => {
    expect(analysisDay('24-11-2026', '2026-11-23')).toEqual({ ok: false, code: 'skinAnalysis.futureDate', params: {} })
    expect(analysisDay('01-01-2027', '2026-11-23')).toMatchObject({ ok: false, code: 'skinAnalysis.futureDate' })
  })

  it('names an empty, misshapen or impossible date as the other date fields do', () => {
    expect(analysisDay('', '2026-11-23')).toMatchObject({ ok: false, code: 'required' })
    expect(analysisDay('2026/11/01', '2026-11-23')).toMatchObject({ ok: false, code: 'date' })
    expect(analysisDay('31-02-2026', '2026-11-23')).toEqual({
      ok: false,
      code: 'dateInvalid',
      params: { value: '31-02-2026' },
    })
  })

  it('localToday is the device’s calendar day', () => {
    expect(localToday(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05')
  })

  it('the contract allows the device’s today anywhere (a day ahead of UTC) and refuses later days', () => {
    const now = new Date('2026-11-23T10:00:00Z')
    expect(latestSkinDay(now)).toBe('2026-11-24')
    const base = { id: '0190c0de-0000-7000-8000-000000000000', skinType: null, fitzpatrick: null }
    const day = (analysedOn: string) =>
      ZSaveSkinAnalysis.safeParse({ ...base, findings: [], notes: '', photos: [], analysedOn })
    const tomorrow = latestSkinDay()
    expect(day(localToday()).success).toBe(true)
    expect(day(tomorrow).success).toBe(true)
    const after = new Date(`${tomorrow}T00:00:00Z`)
    after.setUTCDate(after.getUTCDate() + 1)
    const refused = day(after.toISOString().slice(0, 10))
    expect(refused.success).toBe(false)
    expect(refused.error?.issues[0]).toMatchObject({
      path: ['analysedOn'],
      params: { code: 'skinAnalysis.futureDate' },
    })
  })
})
