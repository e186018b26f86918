import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { POLICY } from '../contract/policy'
import { localeArea } from '../src/i18n/contract-english'

/*
 * Every translation key the code uses exists in nl and en. A key is found statically: any string
 * literal (t('…'), i18nKey="…", labelKey: '…' in a list) whose first segment is a locale file
 * (`customers.title` → locales/<lang>/customers.json). A key built at run time
 * (t(`errors.${code}`)) must at least have its fixed part as a group in both languages.
 */
const ROOT = path.join(import.meta.dirname, '..')
const LOCALES = path.join(ROOT, 'src', 'i18n', 'locales')
const LANGS = ['nl', 'en'] as const
const AREAS = new Set(readdirSync(path.join(LOCALES, 'nl')).map((f) => f.replace(/\.json$/, '')))
/** Policy actions (`useCan('customers.manage')`) look like keys but are not translated. */
const ACTIONS = new Set(Object.keys(POLICY))

const catalogue = Object.fromEntries(
  LANGS.map((lang) => [
    lang,
    Object.fromEntries(
      [...AREAS].map((area) => [
        area,
        localeArea(lang, area, JSON.parse(readFileSync(path.join(LOCALES, lang, `${area}.json`), 'utf8'))),
      ]),
    ),
  ]),
) as Record<(typeof LANGS)[number], Record<string, unknown>>

/** The value at a dotted key; i18next plural forms (key_one, key_other) count as the key. */
function lookup(root: unknown, key: string): unknown {
  let node = root
  for (const part of key.split('.')) {
    if (!node || typeof node !== 'object') return undefined
    const obj = node as Record<string, unknown>
    node = part in obj ? obj[part] : (obj[`${part}_other`] ?? obj[`${part}_one`])
  }
  return node
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name)
    if (statSync(full).isDirectory()) return sourceFiles(full)
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : []
  })
}

type Use = { key: string; file: string; dynamic: boolean }
function usedKeys(): Use[] {
  const uses: Use[] = []
  for (const file of [
    ...sourceFiles(path.join(ROOT, 'src')),
    ...sourceFiles(path.join(ROOT, 'src-worker')),
    ...sourceFiles(path.join(ROOT, 'shared')),
  ]) {
    const text = readFileSync(file, 'utf8')
    const rel = path.relative(ROOT, file)
    for (const m of text.matchAll(/(['"])([a-z][\w-]*(?:\.[\w-]+)+)\1/g)) {
      if (AREAS.has(m[2].split('.')[0]) && !ACTIONS.has(m[2])) uses.push({ key: m[2], file: rel, dynamic: false })
    }
    // Template keys: the fixed part before the first ${…} must be a group of the catalogue.
    for (const m of text.matchAll(/`([a-z][\w-]*\.(?:[\w-]+\.)*)\$\{/g)) {
      if (AREAS.has(m[1].split('.')[0])) uses.push({ key: m[1].replace(/\.$/, ''), file: rel, dynamic: true })
    }
  }
  return uses
}

describe('i18n: every key the code uses exists in nl and en', () => {
  const uses = usedKeys()
  it('finds the keys (sanity)', () => {
    expect(uses.length).toBeGreaterThan(300)
    expect(uses.some((u) => u.key === 'common.save')).toBe(true)
  })
  for (const lang of LANGS) {
    it(`${lang}: no missing key`, () => {
      const missing = uses
        .filter((u) => {
          const v = lookup(catalogue[lang], u.key)
          return u.dynamic ? !v || typeof v !== 'object' : typeof v !== 'string'
        })
        .map((u) => `${u.file}: ${u.key}${u.dynamic ? '.*' : ''}`)
      expect([...new Set(missing)]).toEqual([])
    })
  }
})

describe('i18n: keys built from the contract’s lists exist in nl and en', async () => {
  const { ZContactChannel, ZGender, SEASONS } = await import('../contract/enums')
  const q = await import('../contract/questionnaires')
  const { CUSTOMER_FIELD_NAMES } = await import('../contract/customers')
  const { MUTATIONS, ENTITY_NAMES } = await import('../contract/sync')
  const { PERMISSIONS } = await import('../contract/permissions')
  const { ERRORS } = await import('../contract/errors')
  const lists: [prefix: string, values: readonly string[]][] = [
    ['customers.channel', ZContactChannel.options],
    ['send-questionnaire.channels', ZContactChannel.options],
    ['customers.gender', ZGender.options],
    ['customers.fields', CUSTOMER_FIELD_NAMES],
    ['questionnaires.kinds', q.QUESTIONNAIRE_KINDS],
    ['questionnaires.types', q.QUESTION_TYPES],
    ['questionnaires.groups', q.QUESTION_GROUPS],
    ['submissions.activity.types', q.CUSTOMER_ACTIVITY_TYPES],
    ['sync.mutation', Object.keys(MUTATIONS)],
    ['sync.mutationUnnamed', Object.keys(MUTATIONS)],
    ['sync.noLongerAllowed', PERMISSIONS],
    ['sync.access.entity', ENTITY_NAMES],
    ['errors', Object.keys(ERRORS)],
    ['theme', SEASONS],
  ]
  for (const lang of LANGS) {
    it(`${lang}: every value of every list`, () => {
      const missing = lists.flatMap(([prefix, values]) =>
        values
          .filter((v) => {
            // Mutation names contain dots: they are one key inside the group.
            const group = lookup(catalogue[lang], prefix) as Record<string, unknown> | undefined
            return typeof group?.[v] !== 'string'
          })
          .map((v) => `${prefix}.${v}`),
      )
      expect(missing).toEqual([])
    })
  }
})
