import { beforeAll, describe, expect, it } from 'vitest'
import { LANGUAGES } from '../../contract/enums'
import { z } from 'zod'
import * as auth from '../../contract/auth'
import * as customers from '../../contract/customers'
import * as kiosk from '../../contract/kiosk'
import * as organisations from '../../contract/organisations'
import * as questionnaires from '../../contract/questionnaires'
import * as salons from '../../contract/salons'
import * as sync from '../../contract/sync'
import { MSG } from '../../contract/validation'
import { ApiError } from '../api/client'
import { i18n, loadLanguage } from '../i18n'
import { CONTRACT_MESSAGES, isMessageKey, type MessageKey, messageText } from '../../contract/messages'
import { toFieldError } from '../../server/lib/field-errors'
import { messageRef, translateFieldIssue, translateValidation, zodFieldErrors } from './field-issues'
import type { FieldIssue } from '../api/field-issues'

// Each language is its own chunk (src/i18n); these tests read both.
beforeAll(() => Promise.all(LANGUAGES.map(loadLanguage)))

const en = i18n.getFixedT('en')
const nl = i18n.getFixedT('nl')

/** Every exported zod schema of the contract. */
const modules: Record<string, unknown>[] = [
  auth,
  customers,
  kiosk,
  organisations,
  questionnaires,
  salons,
  sync.MUTATIONS,
]
const schemas = modules
  .flatMap((m) => Object.entries(m))
  .filter((e): e is [string, z.ZodType] => e[1] instanceof z.ZodType)

/** Bad values of every kind: too long, empty, wrong type, out of range, odd formats. */
const BAD_VALUES: unknown[] = ['x'.repeat(6000), '', '   ', 12345, -1, 1e12, true, [], ['x'], {}, 'not valid', null]

function badInputs(schema: z.ZodType): unknown[] {
  const inputs: unknown[] = [undefined, null, 'x', 42, [], {}]
  if (schema instanceof z.ZodObject) {
    for (const key of Object.keys(schema.shape)) for (const bad of BAD_VALUES) inputs.push({ [key]: bad })
  }
  return inputs
}

/** zod's default English texts start like these; none may ever be shown. */
const ZOD_DEFAULT = /^(Invalid|Too big|Too small|Expected|Unrecognized|Input not instance|Invalid input)/
/** Our own English texts (the spec's) may start alike ("Invalid login code…"). */
const OURS = new Set<string>([
  ...Object.values(MSG),
  ...Object.values(questionnaires.QUESTIONNAIRE_MSG),
  ...Object.values(questionnaires.SEND_MSG),
  ...Object.values(questionnaires.UPLOAD_MSG),
])

describe('validation messages: never zod’s own English, in nl and en', () => {
  it('covers the contract', () => expect(schemas.length).toBeGreaterThan(40))

  it('every contract schema with bad input: the form and the server answer both translate', () => {
    // Distinct problems only: the same code + params + message translates the same everywhere.
    const seen = new Map<string, { name: string; field: FieldIssue; ref: string }>()
    for (const [name, schema] of schemas) {
      for (const input of badInputs(schema)) {
        const r = schema.safeParse(input)
        if (r.success) continue
        const refs = zodFieldErrors(r.error)
        for (const issue of r.error.issues) {
          // The server's VALIDATION_FAILED entry: { path, code, params, message }.
          const { path: _path, ...field } = toFieldError(issue)
          const ref = refs[issue.path.join('.')]
          seen.set(JSON.stringify([field, ref]), { name, field, ref })
        }
      }
    }
    expect(seen.size).toBeGreaterThan(50)
    for (const { name, field, ref } of seen.values()) {
      for (const t of [nl, en]) {
        for (const text of [translateFieldIssue(t, field), translateValidation(t, ref)]) {
          const where = `${name} ${field.code} ${JSON.stringify(field.params)} → ${text}`
          expect(text, where).not.toBe('')
          expect(text, where).not.toMatch(/^validation\.|^zod:/)
          // Our own texts (the spec's, or ours with a value filled in: "31-02-1990 is not a valid date.").
          if (OURS.has(text) || isMessageKey(field.code)) continue
          expect(text, where).not.toBe(field.message)
          expect(text, where).not.toMatch(ZOD_DEFAULT)
        }
      }
    }
  })

  it('a too long customer name says the limit in the reader’s language', () => {
    const r = customers.ZCustomerFields.safeParse({ firstName: 'x'.repeat(101) })
    expect(r.success).toBe(false)
    if (r.success) return
    const ref = zodFieldErrors(r.error).firstName
    expect(translateValidation(nl, ref)).toBe('Gebruik maximaal 100 tekens.')
    expect(translateValidation(en, ref)).toBe('Use at most 100 characters.')
    const notes = customers.ZCustomerFields.safeParse({ notes: 'x'.repeat(5001) })
    if (notes.success) return
    expect(translateValidation(nl, zodFieldErrors(notes.error).notes)).toBe('Gebruik maximaal 5.000 tekens.')
  })

  it('the spec’s own message wins over the code', () => {
    const field = { path: 'email', code: 'invalid_format', params: { format: 'email' }, message: MSG.email }
    expect(translateFieldIssue(nl, field)).toBe('Een geldig e-mailadres is verplicht.')
    expect(translateFieldIssue(en, field)).toBe(MSG.email)
  })

  it('a server answer by code and params (also our own text_unstorable)', () => {
    const err = new ApiError(400, 'VALIDATION_FAILED', 'Validation failed', {
      fields: [
        { path: 'notes', code: 'too_big', params: { maximum: 5000, origin: 'string' }, message: 'Too big: …' },
        { path: 'city', code: 'text_unstorable', message: 'Text contains characters that cannot be stored.' },
        { path: 'firstName', code: 'too_big', params: { maximum: 100 }, message: 'Too big' },
      ],
    })
    const f = err.fieldErrors
    expect(translateValidation(nl, f.notes)).toBe('Gebruik maximaal 5.000 tekens.')
    expect(translateValidation(en, f.notes)).toBe('Use at most 5,000 characters.')
    expect(translateValidation(nl, f.city)).toBe('Deze tekst bevat tekens die niet bewaard kunnen worden.')
    expect(translateValidation(nl, f.firstName)).toBe('Dit is te lang of te groot (maximaal 100).')
  })

  it('an old-style server answer without a code still shows no English', () => {
    const err = new ApiError(400, 'VALIDATION_FAILED', 'x', {
      fields: [{ path: 'name', message: 'Too big: expected string to have <=200 characters' }],
    })
    expect(translateValidation(nl, err.fieldErrors.name)).toBe('Deze waarde is niet geldig.')
  })
})

describe('validation messages by code: a contract message named by its key needs no English', () => {
  it('a server answer whose code is a contract message key translates from code and params alone', () => {
    const err = new ApiError(400, 'VALIDATION_FAILED', 'x', {
      fields: [
        // The message says something else entirely: only code and params count.
        { path: 'birthDate', code: 'dateInvalid', params: { value: '31-02-1990' }, message: 'whatever' },
        { path: 'questions.1.id', code: 'questionnaire.duplicateQuestion', message: '' },
        { path: 'email', code: 'email' },
      ],
    })
    const f = err.fieldErrors
    expect(translateValidation(nl, f.birthDate)).toBe(
      translateValidation(nl, messageRef('dateInvalid', { value: '31-02-1990' })),
    )
    expect(translateValidation(nl, f.birthDate)).toContain('31-02-1990')
    expect(translateValidation(en, f.birthDate)).toBe('31-02-1990 is not a valid date.')
    expect(translateValidation(en, f['questions.1.id'])).toBe(questionnaires.QUESTIONNAIRE_MSG.duplicateQuestion)
    expect(translateValidation(nl, f.email)).toBe('Een geldig e-mailadres is verplicht.')
  })
})

describe('our own field codes (contract FIELD_CODES) translate by code', () => {
  it('too_deep and id_taken say what is wrong, in the reader’s language', () => {
    const err = new ApiError(400, 'VALIDATION_FAILED', 'x', {
      fields: [
        { path: 'answers', code: 'too_deep', params: { maximum: 32 }, message: 'This value is nested too deeply.' },
        { path: 'id', code: 'id_taken', message: 'Id already used.' },
      ],
    })
    const f = err.fieldErrors
    expect(translateValidation(nl, f.answers)).toBe('Deze waarde is te diep genest.')
    expect(translateValidation(en, f.id)).toBe('Id already used.')
    expect(translateValidation(nl, f.id)).toBe('Dit id is al in gebruik.')
  })
})

describe('translation by code and params only: the message text plays no part', () => {
  /** Sample values for a message's {{placeholders}}. */
  const sample = (key: MessageKey) =>
    Object.fromEntries([...CONTRACT_MESSAGES[key].matchAll(/\{\{(\w+)\}\}/g)].map((m) => [m[1], `«${m[1]}-1»`]))

  it('every contract key with message "x": English is the filled-in spec text, Dutch is not English', () => {
    for (const key of Object.keys(CONTRACT_MESSAGES) as MessageKey[]) {
      const params = sample(key)
      const field = { path: 'f', code: key, params, message: 'x' }
      expect(translateFieldIssue(en, field), key).toBe(messageText(key, params))
      const dutch = translateFieldIssue(nl, field)
      expect(dutch, key).not.toBe('x')
      expect(dutch, key).not.toMatch(/^validation\.|\{\{/)
      for (const v of Object.values(params)) expect(dutch, key).toContain(v)
      // The same entry as the API answers it, through ApiError.fieldErrors.
      const err = new ApiError(400, 'VALIDATION_FAILED', 'x', { fields: [field] })
      expect(translateValidation(nl, err.fieldErrors.f), key).toBe(dutch)
    }
  })

  it('a refused date, a duplicate question, a bad e-mail: by code + params, with nonsense messages', () => {
    const fields = [
      { path: 'dateOfBirth', code: 'dateInvalid', params: { value: '31-02-1990' }, message: 'x' },
      { path: 'questions.2.id', code: 'questionnaire.duplicateQuestion', message: 'x' },
      { path: 'email', code: 'email', message: 'Not the English text at all.' },
      { path: 'answers.q1', code: 'numberInvalid', params: { value: 'twelve' }, message: 'x' },
    ]
    const f = new ApiError(400, 'VALIDATION_FAILED', 'x', { fields }).fieldErrors
    expect(translateValidation(nl, f.dateOfBirth)).toBe('31-02-1990 is geen bestaande datum.')
    expect(translateValidation(en, f.dateOfBirth)).toBe('31-02-1990 is not a valid date.')
    expect(translateValidation(en, f['questions.2.id'])).toBe('Every question needs its own id.')
    expect(translateValidation(nl, f.email)).toBe('Een geldig e-mailadres is verplicht.')
    expect(translateValidation(en, f['answers.q1'])).toBe('twelve is not a number.')
  })

  it('the English text without a code is not translated back: the general "not valid"', () => {
    const f = new ApiError(400, 'VALIDATION_FAILED', 'x', {
      fields: [
        { path: 'a', message: '31-02-1990 is not a valid date.' },
        { path: 'b', message: MSG.email },
        { path: 'c', code: 'custom', message: questionnaires.QUESTIONNAIRE_MSG.duplicateQuestion },
      ],
    }).fieldErrors
    for (const p of ['a', 'b', 'c']) {
      expect(translateValidation(nl, f[p])).toBe('Deze waarde is niet geldig.')
      expect(translateValidation(en, f[p])).toBe('This value is not valid.')
    }
  })

  it('the forms’ own checks (the contract schemas in the browser) name the key and its values', () => {
    const date = customers.ZCustomerFields.safeParse({ dateOfBirth: '1990-02-31' })
    expect(date.success).toBe(false)
    if (date.success) return
    expect(zodFieldErrors(date.error).dateOfBirth).toBe(messageRef('dateInvalid', { value: '1990-02-31' }))
    const q = questionnaires.ZCreateQuestionnaire.safeParse({
      name: 'Q',
      questions: [
        { id: 'a', name: 'A', type: 'string' },
        { id: 'a', name: 'B', type: 'string' },
      ],
    })
    expect(q.success).toBe(false)
    if (q.success) return
    expect(zodFieldErrors(q.error)['questions.1.id']).toBe(messageRef('questionnaire.duplicateQuestion'))
    const org = organisations.ZCreateOrganisation.safeParse({ legalName: ' ', admin: { email: 'x' } })
    if (org.success) return
    expect(zodFieldErrors(org.error).legalName).toBe(messageRef('legalName'))
    expect(zodFieldErrors(org.error)['admin.email']).toBe(messageRef('email'))
  })
})
