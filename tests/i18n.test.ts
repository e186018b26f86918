import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { CONTRACT_ENGLISH, localeArea } from '../src/i18n/contract-english'

const ROOT = path.join(import.meta.dirname, '..', 'src', 'i18n', 'locales')
const LANGS = ['nl', 'en']

/** Leaf entries as [path, value]; keys may themselves contain dots (e.g. mutation names). */
function leaves(obj: unknown, prefix = ''): [string, unknown][] {
  if (obj === null || typeof obj !== 'object' || Array.isArray(obj)) return [[prefix, obj]]
  return Object.entries(obj).flatMap(([k, v]) => leaves(v, prefix ? `${prefix} › ${k}` : k))
}
const keys = (obj: unknown) => leaves(obj).map(([k]) => k)

/** A locale file as the app reads it (English: the contract's texts for that area, then the file's). */
const read = (lang: string, file: string) =>
  localeArea(lang, file.replace(/\.json$/, ''), JSON.parse(readFileSync(path.join(ROOT, lang, file), 'utf8')))

const files = new Set(LANGS.flatMap((lang) => readdirSync(path.join(ROOT, lang))))

describe('i18n: every key exists in both languages', () => {
  for (const file of files) {
    it(`${file}: same keys in nl and en, none empty`, () => {
      const [nl, en] = LANGS.map((lang) => read(lang, file))
      expect(keys(nl).sort()).toEqual(keys(en).sort())
      for (const data of [nl, en]) {
        for (const [k, value] of leaves(data)) {
          expect(typeof value === 'string' && value.trim().length > 0, `${file}: ${k}`).toBe(true)
        }
      }
    })
  }
})

describe('i18n: the error catalogue and validation messages are all translated', () => {
  it('errors.json has a key for every contract error code, English verbatim', async () => {
    const { ERRORS } = await import('../contract/errors')
    const en = read('en', 'errors.json')
    for (const [code, { message }] of Object.entries(ERRORS)) expect(en[code], code).toBe(message)
  })
  it('validation.json has a key for every contract message, English verbatim', async () => {
    const { MSG } = await import('../contract/validation')
    const en = read('en', 'validation.json') as Record<string, Record<string, unknown>>
    for (const [key, message] of Object.entries(MSG)) expect(en[key], key).toBe(message)
  })
  it('validation.json has the questionnaire, sending and upload messages, English verbatim', async () => {
    const { QUESTIONNAIRE_MSG, SEND_MSG, UPLOAD_MSG } = await import('../contract/questionnaires')
    const en = read('en', 'validation.json') as Record<string, Record<string, unknown>>
    const groups = { questionnaire: QUESTIONNAIRE_MSG, send: SEND_MSG, upload: UPLOAD_MSG }
    for (const [group, texts] of Object.entries(groups))
      for (const [key, message] of Object.entries(texts)) expect(en[group]?.[key], `${group}.${key}`).toBe(message)
  })
})

describe('i18n: every contract message key (the code a field error travels with) is translated', () => {
  /** `a.b.c` in a nested catalogue. */
  const at = (data: unknown, key: string): unknown =>
    key
      .split('.')
      .reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), data)
  const names = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort()

  it('MSG, QUESTIONNAIRE_MSG, SEND_MSG, UPLOAD_MSG, CUSTOMER_MSG: nl and en have each key with the same placeholders', async () => {
    const { CONTRACT_MESSAGES, MSG, CUSTOMER_MSG } = await import('../contract/messages')
    const { QUESTIONNAIRE_MSG, SEND_MSG, UPLOAD_MSG } = await import('../contract/questionnaires')
    const { CUSTOM_FIELD_MSG } = await import('../contract/custom-fields-messages')
    const { ADVICE_MSG } = await import('../contract/advice/messages')
    const { DASHBOARD_MSG, SKIN_ANALYSIS_MSG } = await import('../contract/card-messages')
    const { DOCUMENT_FORM_MSG } = await import('../contract/documents/messages')
    const { DOCUMENT_SEND_MSG } = await import('../contract/documents/send-messages')
    const { SIGNING_MSG } = await import('../contract/documents/signing-messages')
    const { TRAINING_MSG } = await import('../contract/trainings/messages')
    const groups: [string, Record<string, string>][] = [
      ['', MSG],
      ['questionnaire.', QUESTIONNAIRE_MSG],
      ['send.', SEND_MSG],
      ['upload.', UPLOAD_MSG],
      ['customer.', CUSTOMER_MSG],
      ['customField.', CUSTOM_FIELD_MSG],
      ['advice.', ADVICE_MSG],
      ['dashboard.', DASHBOARD_MSG],
      ['skinAnalysis.', SKIN_ANALYSIS_MSG],
      ['documentForm.', DOCUMENT_FORM_MSG],
      ['documentSend.', DOCUMENT_SEND_MSG],
      ['signing.', SIGNING_MSG],
      ['training.', TRAINING_MSG],
    ]
    const walked = groups.flatMap(([prefix, texts]) => Object.entries(texts).map(([k, v]) => [prefix + k, v]))
    // The catalogue the server and the forms name codes from is exactly these groups.
    expect(Object.fromEntries(walked)).toEqual(CONTRACT_MESSAGES)
    expect(walked.length).toBeGreaterThan(40)
    for (const lang of LANGS) {
      const data = read(lang, 'validation.json')
      for (const [key, english] of walked) {
        const text = at(data, key)
        expect(typeof text, `${lang} validation.${key}`).toBe('string')
        expect(names(text as string), `${lang} validation.${key}: placeholders`).toEqual(names(english))
        if (lang === 'en') expect(text, `en validation.${key}`).toBe(english)
      }
    }
  })
})

describe('i18n: English is written once', () => {
  it('locales/en holds no text the contract writes (the contract is the English locale for those keys)', () => {
    for (const [area, contract] of Object.entries(CONTRACT_ENGLISH)) {
      const own = JSON.parse(readFileSync(path.join(ROOT, 'en', `${area}.json`), 'utf8'))
      const ownKeys = new Set(keys(own))
      expect(
        keys(contract).filter((k) => ownKeys.has(k)),
        `${area}.json`,
      ).toEqual([])
    }
  })
})
