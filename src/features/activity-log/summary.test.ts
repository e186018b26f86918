import { beforeAll, describe, expect, it } from 'vitest'
import { LANGUAGES } from '../../../contract/enums'
import type { EmployeeActivity } from '../../../contract/employees'
import { i18n, loadLanguage } from '../../i18n'
import { summaryOf, wasOffline } from './summary'

// Each language is its own chunk (src/i18n); these tests read both.
beforeAll(() => Promise.all(LANGUAGES.map(loadLanguage)))

const nl = i18n.getFixedT('nl')
const en = i18n.getFixedT('en')
const entry = (type: string, data: unknown, times: Partial<EmployeeActivity> = {}): EmployeeActivity => ({
  id: '0190a0a0-0000-7000-8000-000000000001',
  employeeId: '0190a0a0-0000-7000-8000-000000000002',
  employeeName: 'Bas Jansen',
  type,
  data,
  salonId: null,
  contacted: null,
  occurredAt: null,
  receivedAt: '2026-11-23T14:30:00.000Z',
  ...times,
})

describe('activity log: the data summary', () => {
  it('names changed customer fields by their form labels, in the reader language', () => {
    const e = entry('customerUpdate', { customerId: 'x', fields: ['firstName', 'city'], conflicts: [] })
    expect(summaryOf(nl, e)).toBe('Gewijzigd: Voornaam, Plaats')
    expect(summaryOf(en, e)).toBe('Changed: First name, City')
  })
  it('says what was sent, by which channel, and what was searched', () => {
    expect(summaryOf(nl, entry('questionnaireSend', { questionnaireName: 'Intake', channel: 'whatsapp' }))).toBe(
      'Intake per WhatsApp',
    )
    expect(summaryOf(en, entry('customersSearch', { search: 'Jans', results: 2 }))).toBe(
      'Searched for “Jans” · 2 results',
    )
  })
  it('has nothing to add for a sign-in, and copes with unknown data', () => {
    expect(summaryOf(nl, entry('login', { ip: '127.0.0.1' }))).toBeNull()
    expect(summaryOf(nl, entry('customerUpdate', null))).toBeNull()
    expect(summaryOf(nl, entry('somethingNew', 'text'))).toBeNull()
  })
  it('an action is shown as done offline only when the device time is more than a minute earlier', () => {
    expect(wasOffline(entry('customerUpdate', null))).toBe(false)
    expect(wasOffline(entry('customerUpdate', null, { occurredAt: '2026-11-23T14:29:30.000Z' }))).toBe(false)
    expect(wasOffline(entry('customerUpdate', null, { occurredAt: '2026-11-23T10:02:00.000Z' }))).toBe(true)
  })
})
