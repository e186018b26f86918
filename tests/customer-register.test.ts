import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { adviceReadyMail, loginCodeMail } from '../server/integrations/mail/templates'
import { documentSentMail } from '../server/integrations/mail/document-templates'
import { NEW_QUESTIONNAIRE_TEMPLATE } from '../server/services/shortcuts/message-template'

/*
 * Issue 21 #20: the salon speaks to its customers in one register, "je" — never "u"/"uw". Checked
 * over every Dutch text a customer reads: the locale areas of the customer's own screens, every key
 * the customer-facing features use (customer area, questionnaire filling, kiosk, documents to read
 * and sign, advice) wherever it lives, and the customer mails and WhatsApp texts.
 */
const ROOT = path.join(import.meta.dirname, '..')
const NL = path.join(ROOT, 'src', 'i18n', 'locales', 'nl')

/** Areas that are the customer's screens as a whole. */
const CUSTOMER_AREAS = ['customer-area', 'customer-language', 'questionnaire-fill', 'document-signing']
/** Feature folders and files a customer sees (the kiosk as a whole: its staff texts say "je" too). */
const CUSTOMER_SOURCES = [
  'src/features/customer-area',
  'src/features/questionnaire-fill',
  'src/features/kiosk',
  'src/features/documents/signing',
  'src/features/advice/customer/my-advice-page.tsx',
  'src/features/advice/customer/advice-list.tsx',
  'src/features/advice/customer/kiosk-advice.tsx',
  'src/features/advice/customer/why.ts',
]

/** "u" or "uw" as a word (not inside "uur", "Utrecht", "menu", "u-bocht", "{{u}}"). */
const FORMAL = /(?<![\p{L}\p{N}_{-])(u|uw)(?![\p{L}\p{N}_}-])/iu

const area = (name: string) => JSON.parse(readFileSync(path.join(NL, `${name}.json`), 'utf8')) as unknown

/** Every string under a node, with its dotted key. */
function strings(node: unknown, prefix: string): [string, string][] {
  if (typeof node === 'string') return [[prefix, node]]
  if (!node || typeof node !== 'object') return []
  return Object.entries(node).flatMap(([k, v]) => strings(v, prefix ? `${prefix}.${k}` : k))
}

function files(rel: string): string[] {
  const abs = path.join(ROOT, rel)
  if (!statSync(abs).isDirectory()) return [abs]
  return readdirSync(abs).flatMap((f) => files(path.join(rel, f)))
}

/** The keys (or, for a key built at run time, its fixed prefix) the customer-facing sources name. */
function usedKeys(): string[] {
  const areas = new Set(readdirSync(NL).map((f) => f.replace(/\.json$/, '')))
  const keys = new Set<string>()
  for (const file of CUSTOMER_SOURCES.flatMap(files).filter((f) => /\.tsx?$/.test(f) && !/\.test\./.test(f))) {
    const src = readFileSync(file, 'utf8')
    for (const m of src.matchAll(/['"`]([a-z][\w-]*\.[\w.-]*)(\$\{)?/g)) {
      const key = m[2] ? m[1].replace(/\.$/, '') : m[1]
      if (areas.has(key.split('.')[0])) keys.add(key)
    }
  }
  return [...keys]
}

function lookup(key: string): [string, string][] {
  const [name, ...rest] = key.split('.')
  let node = area(name)
  for (const part of rest) {
    if (!node || typeof node !== 'object') return []
    const obj = node as Record<string, unknown>
    node = obj[part] ?? obj[`${part}_other`] ?? obj[`${part}_one`]
  }
  return strings(node, key)
}

const formal = (texts: [string, string][]) =>
  texts.filter(([, text]) => FORMAL.test(text)).map(([k, v]) => `${k}: ${v}`)

describe('Dutch customer texts use "je"', () => {
  it('register: the check catches "u" and "uw" as words only', () => {
    expect(FORMAL.test('Berichten van de salon ontvangt u in deze taal.')).toBe(true)
    expect(FORMAL.test('Uw afspraak')).toBe(true)
    expect(FORMAL.test('Je hebt 1 uur, ook in Utrecht, via het menu.')).toBe(false)
  })

  it('register: the customer screens and every key the customer-facing features use say "je"', () => {
    const keys = usedKeys()
    // The scan finds the customer screens' own keys (guards against a pattern that finds nothing).
    expect(keys.some((k) => k.startsWith('questionnaire-fill.'))).toBe(true)
    expect(keys.some((k) => k.startsWith('document-signing.'))).toBe(true)
    const texts = [...CUSTOMER_AREAS.flatMap((a) => strings(area(a), a)), ...keys.flatMap(lookup)]
    expect(formal(texts)).toEqual([])
  })

  it('register: the mails and WhatsApp texts to customers say "je"', () => {
    const brand = { companyName: 'Salon Test' }
    const mails = [
      loginCodeMail('nl', { code: 'ABC123', companyName: 'Salon Test', firstName: 'Sanne', minutes: 10 }),
      adviceReadyMail('nl', { firstName: 'Sanne', link: 'https://x.test/a', brand }),
      ...[true, false].map((consent) =>
        documentSentMail('nl', {
          firstName: 'Sanne',
          documentName: 'Peeling',
          consent,
          link: 'https://x.test/d',
          brand,
        }),
      ),
    ]
    const texts: [string, string][] = [
      ['newQuestionnaire.subject', NEW_QUESTIONNAIRE_TEMPLATE.nl.subject],
      ['newQuestionnaire.text', NEW_QUESTIONNAIRE_TEMPLATE.nl.text],
      ...mails.flatMap((m, i): [string, string][] => [
        [`mail${i}.subject`, m.subject],
        [`mail${i}.text`, m.text],
        [`mail${i}.html`, m.html.replace(/<[^>]*>/g, ' ')],
      ]),
    ]
    expect(formal(texts)).toEqual([])
  })
})
