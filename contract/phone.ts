import { type CountryCode, getCountries, parsePhoneNumberFromString } from 'libphonenumber-js/min'

/*
 * Phone numbers (issue 7 #17): people type them as they know them ("0612345678",
 * "+31 6 1234 5678", "(020) 123-4567"); we store E.164 ("+31612345678", the spec's rule "a plus
 * sign and at least 7 digits") and show them formatted. A national number needs a region: the
 * organisation's country. libphonenumber-js keeps the numbering plans of every country up to
 * date; its `min` metadata (≈80 kB, validates by length and leading digits) is enough to tell a
 * number from a typo and keeps the app bundle small (`max` doubles it for number types we do not
 * show). This module is the one place that knows the rules; contract, server, client and sync
 * all call it, so they agree.
 */
export type PhoneRegion = CountryCode

/** Spec §9: what is stored is a plus sign followed by at least 7 digits. */
export const E164_RE = /^\+\d{7,15}$/

/** Salons are Dutch first: an organisation whose country we cannot read dials as in NL. */
export const FALLBACK_PHONE_REGION: PhoneRegion = 'NL'

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '')

let names: Map<string, PhoneRegion> | null = null
/** Country names in the languages salons type them in, plus ISO codes and a few common aliases. */
function regionNames(): Map<string, PhoneRegion> {
  if (names) return names
  names = new Map()
  const langs = ['nl', 'en', 'de', 'fr']
  const displays = langs.flatMap((l) => {
    try {
      return [new Intl.DisplayNames([l], { type: 'region' })]
    } catch {
      return []
    }
  })
  for (const code of getCountries()) {
    names.set(fold(code), code)
    for (const d of displays) {
      const name = d.of(code)
      if (name && name !== code) names.set(fold(name), code)
    }
  }
  for (const [alias, code] of [
    ['holland', 'NL'],
    ['thenetherlands', 'NL'],
    ['belgie', 'BE'],
    ['uk', 'GB'],
    ['england', 'GB'],
    ['usa', 'US'],
  ] as const)
    names.set(alias, code)
  return names
}

/** The dialling region of an organisation's country as typed ("Nederland", "NL", "Belgium"). */
export function phoneRegion(country: string | null | undefined): PhoneRegion {
  return (country && regionNames().get(fold(country))) || FALLBACK_PHONE_REGION
}

/**
 * E.164 for what a person typed, or null when it is not a phone number. International input
 * ("+…" or "00…") needs no region; a national number is read in `region`.
 */
/** The fewest digits a number typed without its country code may have (spec §9: at least 7). */
export const MIN_NATIONAL_DIGITS = 7

export function normalisePhone(text: string, region?: PhoneRegion): string | null {
  const typed = text.trim()
  if (!/\d/.test(typed) || /[^\d\s+\-()./]/.test(typed)) return null
  const international = /^(\+|00)/.test(typed)
  // Spec §9, "a plus sign, then at least 7 digits", counted on what was typed: a national "12345"
  // would otherwise be completed to "+3112345" and pass (the compact metadata we ship knows a
  // region's possible lengths, not its real numbers). Shorter national numbers (a few islands)
  // are typed with their country code.
  if (!international && typed.replace(/\D/g, '').length < MIN_NATIONAL_DIGITS) return null
  const input = international ? typed.replace(/^00/, '+') : typed
  const parsed = parsePhoneNumberFromString(input, region ? { defaultCountry: region } : undefined)
  if (!parsed) return null
  // A known numbering plan says whether the number exists; for a foreign number whose plan we
  // only know roughly, a possible length is enough (the person typed its country code).
  const ok = parsed.isValid() || (international && parsed.isPossible())
  return ok && E164_RE.test(parsed.number) ? parsed.number : null
}

/** True when the text has no country code, so only a region can complete it. */
export function isNationalPhone(text: string): boolean {
  return !/^\s*(\+|00)/.test(text)
}

/**
 * A stored number as people read it: national format in the organisation's own country
 * ("06 12345678"), international otherwise ("+32 470 12 34 56"). Anything unparsable is shown
 * as stored.
 */
export function formatPhone(value: string | null | undefined, region?: PhoneRegion): string {
  if (!value) return ''
  const parsed = parsePhoneNumberFromString(value)
  if (!parsed) return value
  if (!region || parsed.country !== region) return parsed.formatInternational()
  // Shown as it can be typed back: a national number under 7 digits needs its country code.
  const national = parsed.formatNational()
  return national.replace(/\D/g, '').length < MIN_NATIONAL_DIGITS ? parsed.formatInternational() : national
}

/** Digits to search a number by: as stored (31612345678) and as dialled at home (0612345678). */
export function phoneSearchDigits(value: string | null | undefined): string {
  if (!value) return ''
  const parsed = parsePhoneNumberFromString(value)
  const national = parsed ? parsed.formatNational().replace(/\D/g, '') : ''
  return `${value.replace(/\D/g, '')} ${national}`
}
