import { getCountries, getExampleNumber } from 'libphonenumber-js/min'
import examples from 'libphonenumber-js/examples.mobile.json'
import { describe, expect, it } from 'vitest'
import { E164_RE, formatPhone, MIN_NATIONAL_DIGITS, normalisePhone, phoneRegion, phoneSearchDigits } from './phone'
import { customerFieldsIn, ZCustomerFields } from './customers'
import { MSG } from './validation'

/** Ways people type one number: spaces, dashes, dots, parentheses around the area code. */
function spellings(formatted: string): string[] {
  const digitsAndPlus = formatted.replace(/[^\d+]/g, '')
  const groups = formatted.split(/\s+/)
  return [
    formatted,
    digitsAndPlus,
    formatted.replaceAll(' ', '-'),
    formatted.replaceAll(' ', '.'),
    groups.length > 1 ? `(${groups[0]}) ${groups.slice(1).join(' ')}` : formatted,
    `  ${formatted}  `,
  ]
}

describe('phone numbers: typed as people know them, stored as E.164', () => {
  const countries = getCountries()
  const cases = countries.flatMap((region) => {
    const n = getExampleNumber(region, examples)
    return n ? [{ region, number: n }] : []
  })

  it('generated: every country’s example mobile number, national and international, any separators', () => {
    expect(cases.length).toBeGreaterThan(200)
    let checked = 0
    for (const { region, number } of cases) {
      const e164 = number.number
      // Spec §9 (at least 7 digits): a national number shorter than that needs its country code.
      const short = number.formatNational().replace(/\D/g, '').length < MIN_NATIONAL_DIGITS
      for (const typed of spellings(number.formatNational())) {
        expect(normalisePhone(typed, region), `${region} ${typed}`).toBe(short ? null : e164)
        checked++
      }
      for (const typed of spellings(number.formatInternational())) {
        // An international number needs no region, whatever the organisation's country.
        expect(normalisePhone(typed, 'NL'), `${region} ${typed}`).toBe(e164)
        expect(normalisePhone(typed), `${region} ${typed}`).toBe(e164)
        checked++
      }
      expect(normalisePhone(`00${e164.slice(1)}`, 'NL')).toBe(e164)
      expect(e164).toMatch(E164_RE)
      // Shown nationally at home, internationally elsewhere; both read back to the same number.
      expect(normalisePhone(formatPhone(e164, region), region)).toBe(e164)
      const abroad = region === 'NL' ? 'BE' : 'NL'
      expect(formatPhone(e164, abroad).startsWith('+')).toBe(true)
    }
    expect(checked).toBeGreaterThan(2000)
  })

  it('issue 21 #8: "12345" is no phone number in any region, national or with its country code', () => {
    for (const region of ['NL', 'BE', 'DE', undefined] as const) expect(normalisePhone('12345', region)).toBeNull()
    const phone = customerFieldsIn('NL').shape.phoneNumber.safeParse('12345')
    expect(phone.success ? phone.data : phone.error.issues[0].message).toBe(MSG.phone)
  })

  it('the issue’s numbers in a Dutch salon', () => {
    expect(normalisePhone('0612345678', 'NL')).toBe('+31612345678')
    expect(normalisePhone('+31 6 1234 5678', 'NL')).toBe('+31612345678')
    expect(normalisePhone('06-12 34 56 78', 'NL')).toBe('+31612345678')
    expect(normalisePhone('(020) 123 4567', 'NL')).toBe('+31201234567')
    expect(formatPhone('+31612345678', 'NL')).toBe('06 12345678')
    expect(formatPhone('+32470123456', 'NL')).toBe('+32 470 12 34 56')
  })

  it('refuses what is not a phone number', () => {
    for (const bad of ['', '   ', '12', '0612', 'abc', '06 1234 567a', '+', '+31 6', 'call me', '06\u000012345678'])
      expect(normalisePhone(bad, 'NL'), JSON.stringify(bad)).toBeNull()
  })

  it('the organisation’s country as typed becomes its dialling region', () => {
    expect(phoneRegion('Nederland')).toBe('NL')
    expect(phoneRegion('The Netherlands')).toBe('NL')
    expect(phoneRegion('nl')).toBe('NL')
    expect(phoneRegion('België')).toBe('BE')
    expect(phoneRegion('Belgium')).toBe('BE')
    expect(phoneRegion('Deutschland')).toBe('DE')
    expect(phoneRegion('Duitsland')).toBe('DE')
    expect(phoneRegion('Atlantis')).toBe('NL')
    expect(phoneRegion(null)).toBe('NL')
  })

  it('search finds a stored number by its national digits', () => {
    expect(phoneSearchDigits('+31612345678')).toContain('0612345678')
  })

  it('the contract schema: with a region it stores E.164; without one a national number waits for the server', () => {
    const base = { email: 'a@b.nl', firstName: 'A', lastName: 'B', salonIds: ['018f0000-0000-7000-8000-000000000000'] }
    const nl = customerFieldsIn('NL').parse({ ...base, phoneNumber: '06 12345678', alternatePhoneNumber: '' })
    expect(nl.phoneNumber).toBe('+31612345678')
    expect(nl.alternatePhoneNumber).toBeNull()
    expect(ZCustomerFields.parse({ ...base, phoneNumber: '+31 6 1234 5678' }).phoneNumber).toBe('+31612345678')
    expect(ZCustomerFields.parse({ ...base, phoneNumber: '0612345678' }).phoneNumber).toBe('0612345678')
    const bad = customerFieldsIn('NL').safeParse({ ...base, phoneNumber: '0612' })
    expect(bad.success).toBe(false)
    expect(bad.error?.issues[0]).toMatchObject({ path: ['phoneNumber'], message: MSG.phone })
  })
})
