import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { LANGUAGES } from '../../contract/enums'
import { MSG } from '../../contract/validation'
import { MUTATION_NAMES } from '../../contract/sync'
import { i18n, loadLanguage } from '../../src/i18n'
import { entry } from '../../src/local-db/outbox'
import { LOCAL_PHOTO } from '../../src/local-db/photos'
import { NotQueued } from '../../src/local-db/queue-check'
import { serverFieldErrors } from '../../src/ui/form/form-values'
import { translateValidation } from '../../src/ui/field-issues'

// Each language is its own chunk (src/i18n); these tests read both.
beforeAll(() => Promise.all(LANGUAGES.map(loadLanguage)))

/*
 * Issue 21 #8: a replica-writing form validates with the same contract schema as the server
 * before anything is queued. Every outbox entry is made by entry(), which checks its args with
 * the mutation's contract schema; these tests fail when a mutation slips past that check, or when
 * code builds a queued entry without it.
 */

const en = i18n.getFixedT('en')
const id = '0191d6c2-7f00-7000-8000-000000000001'
const salonId = '0191d6c2-7f00-7000-8000-000000000002'

const refusal = (fn: () => unknown) => {
  try {
    fn()
  } catch (err) {
    return err
  }
  return null
}

describe('queue check: nothing is queued that the contract refuses', () => {
  it('every synced mutation refuses args its contract schema refuses', () => {
    for (const name of MUTATION_NAMES) {
      const err = refusal(() => entry(name, id, {} as never))
      expect(err, name).toBeInstanceOf(NotQueued)
    }
  })

  it('a new customer with phone "12345" is refused at its field with the spec’s message', () => {
    const err = refusal(() =>
      entry('customer.create', id, {
        id,
        email: 'noor@example.test',
        firstName: 'Noor',
        lastName: 'Test',
        phoneNumber: '12345',
        salonIds: [salonId],
      }),
    )
    const fields = serverFieldErrors(err)
    expect(fields && translateValidation(en, fields.phoneNumber)).toBe(MSG.phone)
  })

  it('a customer edit with a bad e-mail is refused at `changes.email`; a good one is queued', () => {
    const err = refusal(() => entry('customer.update', id, { id, changes: { email: 'not-an-address' } }))
    expect(Object.keys(serverFieldErrors(err) ?? {})).toEqual(['changes.email'])
    expect(entry('customer.update', id, { id, changes: { city: 'Utrecht' } }).status).toBe('queued')
  })

  it('a photo still on the device counts as the stored image it will be', () => {
    const e = entry('skinAnalysis.save', id, {
      id,
      customerId: id,
      salonId,
      analysedOn: '2026-01-02',
      skinType: null,
      fitzpatrick: null,
      findings: [],
      notes: '',
      photos: [{ path: `${LOCAL_PHOTO}p1`, takenOn: '2026-01-02', caption: '' }],
    })
    expect(e.args.photos[0].path).toBe(`${LOCAL_PHOTO}p1`)
  })

  it('no code outside the outbox builds a queued entry by hand (all go through entry())', () => {
    const root = path.resolve(import.meta.dirname, '../..')
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((n) => {
        const full = path.join(dir, n)
        return statSync(full).isDirectory() ? files(full) : /\.tsx?$/.test(n) && !/\.test\./.test(n) ? [full] : []
      })
    const handMade = [...files(path.join(root, 'src')), ...files(path.join(root, 'src-worker'))]
      .filter((f) => /status: 'queued'/.test(readFileSync(f, 'utf8')))
      .map((f) => path.relative(root, f))
    // outbox.ts makes entries; mutations.ts sends one again as it was made (retry).
    expect(handMade.sort()).toEqual(['src/local-db/mutations.ts', 'src/local-db/outbox.ts'])
  })
})
