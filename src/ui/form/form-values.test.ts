import { beforeAll, describe, expect, it } from 'vitest'
import { LANGUAGES } from '../../../contract/enums'
import { ApiError } from '../../api/client'
import { i18n, loadLanguage } from '../../i18n'
import { translateValidation } from '../field-issues'
import { sameValues, serverFieldErrors } from './form-values'

// Each language is its own chunk (src/i18n); these tests read both.
beforeAll(() => Promise.all(LANGUAGES.map(loadLanguage)))

const nl = i18n.getFixedT('nl')

describe('form engine: what counts as a change', () => {
  it('forms: the same values in new objects are no change', () => {
    const a = { name: 'Utrecht', access: [{ salonId: 's1', roleId: 'r1' }], pdf: null }
    expect(sameValues(a, structuredClone(a))).toBe(true)
  })

  it('forms: a changed text, item or order is a change', () => {
    const a = { name: 'Utrecht', options: ['a', 'b'] }
    expect(sameValues(a, { ...a, name: 'Utrecht ' })).toBe(false)
    expect(sameValues(a, { ...a, options: ['b', 'a'] })).toBe(false)
    expect(sameValues(a, { ...a, options: ['a'] })).toBe(false)
  })

  it('forms: a key left undefined is the same as a missing key; null is not', () => {
    expect(sameValues({ a: 1, b: undefined }, { a: 1 })).toBe(true)
    expect(sameValues({ a: 1, b: null }, { a: 1 })).toBe(false)
    expect(sameValues([], {})).toBe(false)
  })
})

describe('form engine: server refusals on fields', () => {
  it('forms: a VALIDATION_FAILED answer puts each message on its field, translated by code', () => {
    const err = new ApiError(400, 'VALIDATION_FAILED', 'Validation failed', {
      fields: [
        { path: 'name', code: 'too_big', params: { maximum: 100, origin: 'string' }, message: 'Too big' },
        { path: 'access.1.roleId', code: 'invalid_format', params: { format: 'uuid' }, message: 'Invalid' },
      ],
    })
    const fields = serverFieldErrors(err)
    expect(Object.keys(fields ?? {})).toEqual(['name', 'access.1.roleId'])
    expect(translateValidation(nl, fields?.name ?? '')).toBe('Gebruik maximaal 100 tekens.')
  })

  it('forms: any other error, or a refusal without fields, is the form’s general error', () => {
    expect(serverFieldErrors(new ApiError(409, 'CUSTOMER_EMAIL_TAKEN', 'taken'))).toBeNull()
    expect(serverFieldErrors(new ApiError(400, 'VALIDATION_FAILED', 'x', { fields: [] }))).toBeNull()
    expect(serverFieldErrors(new Error('network'))).toBeNull()
  })
})
