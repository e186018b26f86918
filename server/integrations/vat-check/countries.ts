/*
 * Countries for VAT: the EU member states (the one list), and the organisation's country as an
 * ISO 3166 code. The organisation form takes the country as free text ("Nederland", "Germany",
 * "DE"), so a name in Dutch, English, German or French, or the country's own name, is
 * recognised through the runtime's ICU region names (no hand-kept list of every country).
 */

/** The 27 EU member states by ISO 3166-1 alpha-2 code (Greece is GR here; VIES calls it EL). */
export const EU_MEMBER_STATES = [
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
] as const
export type EuMemberState = (typeof EU_MEMBER_STATES)[number]

export const isEuMemberState = (code: string): code is EuMemberState =>
  (EU_MEMBER_STATES as readonly string[]).includes(code)

/** VIES's country code of a member state: the ISO code, except Greece (EL). */
export const viesCountryCode = (iso: string) => (iso === 'GR' ? 'EL' : iso)

/** Letters only, lower case, accents dropped: "België" = "belgie", "The Netherlands" = "thenetherlands". */
const key = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/\p{Mn}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}]/gu, '')

/** Names the ICU tables do not give (older or informal names people type). */
const EXTRA_NAMES: Record<string, string> = {
  holland: 'NL',
  thenetherlands: 'NL',
  hellas: 'GR',
  ellada: 'GR',
  eire: 'IE',
  czechia: 'CZ',
  tsjechie: 'CZ',
  greatbritain: 'GB',
  england: 'GB',
  engeland: 'GB',
  unitedkingdom: 'GB',
  usa: 'US',
}

/** Each member state's own language, so "Deutschland", "Polska" or "España" are recognised too. */
const NATIVE_LANGUAGES = ['nl', 'en', 'de', 'fr', 'es', 'it', 'pl', 'pt', 'sv', 'da', 'fi', 'el', 'cs', 'sk', 'sl']
const NATIVE_LANGUAGES_MORE = ['hr', 'hu', 'ro', 'bg', 'et', 'lv', 'lt', 'mt', 'ga']

/** Codes ICU names that are no country today (East Germany, the USSR, "Unknown Region", the EU…). */
const NOT_COUNTRIES = new Set([
  'DD',
  'SU',
  'YU',
  'ZR',
  'CS',
  'TP',
  'BU',
  'FX',
  'NT',
  'YD',
  'VD',
  'EU',
  'EZ',
  'UN',
  'ZZ',
  'QO',
  'XA',
  'XB',
])
const isCountry = (code: string) => !NOT_COUNTRIES.has(code) && code !== 'UK'

let byName: Map<string, string> | null = null

function namesTable(): Map<string, string> {
  if (byName) return byName
  const table = new Map<string, string>()
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'
  const all = [...letters].flatMap((a) => [...letters].map((b) => a + b)).filter(isCountry)
  // Member states first: a name two codes share (rare) goes to the member state.
  const codes = [...EU_MEMBER_STATES, ...all.filter((c) => !isEuMemberState(c))]
  const languages = [...NATIVE_LANGUAGES, ...NATIVE_LANGUAGES_MORE]
  for (const language of languages) {
    const names = new Intl.DisplayNames([language], { type: 'region', fallback: 'none' })
    for (const code of codes) {
      const name = names.of(code)
      const k = name ? key(name) : ''
      if (k && !table.has(k)) table.set(k, code)
    }
  }
  for (const [k, code] of Object.entries(EXTRA_NAMES)) table.set(k, code)
  byName = table
  return table
}

/**
 * The ISO code of a country typed as a code or a name ("NL", "nl", "Nederland", "Duitsland",
 * "Deutschland", "EL" for Greece); null when it is not recognised.
 */
export function countryCode(country: string): string | null {
  const trimmed = country.trim()
  if (/^[A-Za-z]{2}$/.test(trimmed)) {
    const code = trimmed.toUpperCase()
    if (code === 'EL') return 'GR'
    if (code === 'UK') return 'GB'
    return isCountry(code) && new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' }).of(code) ? code : null
  }
  const k = key(trimmed)
  return k ? (namesTable().get(k) ?? null) : null
}
