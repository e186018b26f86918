import Dexie from 'dexie'
import { beforeAll, describe, expect, it } from 'vitest'
import { LANGUAGES } from '../../contract/enums'
import { ZCreateOrganisation } from '../../contract/organisations'
import { CONTRACT_MESSAGES, type MessageKey, messageText } from '../../contract/messages'
import { SEND_MSG } from '../../contract/questionnaires'
import { MSG } from '../../contract/validation'
import { ApiError } from '../api/client'
import { StorageFullError } from '../local-db/storage-room'
import { i18n, loadLanguage } from '../i18n'
import { apiErrorMessage, messageRef, translateValidation, zodFieldErrors } from './errors'

// Each language is its own chunk (src/i18n); these tests read both.
beforeAll(() => Promise.all(LANGUAGES.map(loadLanguage)))

const en = i18n.getFixedT('en')
const nl = i18n.getFixedT('nl')

describe('apiErrorMessage', () => {
  it('translates a known code', () => {
    const err = new ApiError(400, 'INVALID_LOGIN_CODE', 'Invalid login code: try again.')
    expect(apiErrorMessage(en, err)).toBe('Invalid login code: try again.')
    expect(apiErrorMessage(nl, err)).toBe('Ongeldige inlogcode: probeer het opnieuw.')
  })
  it('says the Dutch rate-limit text names 15 minutes', () => {
    expect(apiErrorMessage(nl, new ApiError(429, 'TOO_MANY_REQUESTS', ''))).toContain('15 minuten')
  })
  it('shows the code for an unknown one, and a connection message offline', () => {
    expect(apiErrorMessage(en, new ApiError(418, 'TEAPOT', 'x'))).toBe('Something went wrong (TEAPOT).')
    expect(apiErrorMessage(en, new ApiError(0, 'NETWORK', 'No connection'))).toMatch(/No connection/)
    expect(apiErrorMessage(en, new Error('boom'))).toBe('Oops! An unexpected error has occurred.')
  })
  it('says a device out of room is full, in both languages, however Dexie wraps the quota error', () => {
    const full = new StorageFullError(new DOMException('quota', 'QuotaExceededError'))
    expect(apiErrorMessage(en, full)).toMatch(/^This device is out of storage space, so this was not saved/)
    expect(apiErrorMessage(nl, full)).toMatch(/^Dit apparaat heeft geen opslagruimte meer/)
    expect(apiErrorMessage(en, new Dexie.AbortError('aborted', new DOMException('q', 'QuotaExceededError')))).toMatch(
      /out of storage space/,
    )
  })
  it("tells a salon's customer the salon cannot receive answers, never to buy a subscription (issue 22)", () => {
    for (const code of ['SUBSCRIPTION_EXPIRED', 'FEATURE_NOT_IN_PLAN']) {
      const err = new ApiError(402, code, '')
      expect(apiErrorMessage(nl, err, true)).toBe(
        'De salon kan op dit moment geen antwoorden ontvangen. Probeer het later opnieuw of neem contact op met de salon.',
      )
      expect(apiErrorMessage(en, err, true)).toMatch(/^The salon cannot receive answers at the moment/)
      // Staff read the refusal itself (with the upgrade link where they may buy).
      expect(apiErrorMessage(en, err)).toBe(en(`errors.${code}`))
    }
    expect(apiErrorMessage(en, new ApiError(402, 'CUSTOMERS_LIMIT_REACHED', ''), true)).toBe(
      en('errors.CUSTOMERS_LIMIT_REACHED'),
    )
  })
})

describe('validation messages', () => {
  it('maps every contract message (by its key) to Dutch', () => {
    for (const [key, message] of Object.entries(MSG)) {
      if (message.includes('{{')) continue
      expect(translateValidation(en, messageRef(key as MessageKey))).toBe(message)
      expect(translateValidation(nl, messageRef(key as MessageKey))).not.toBe(message)
    }
    // Text that is no reference (English or anything else) is never shown as such.
    expect(translateValidation(nl, 'Not a contract text')).toBe('Deze waarde is niet geldig.')
    expect(translateValidation(nl, MSG.email)).toBe('Deze waarde is niet geldig.')
  })
  it('maps the questionnaire, sending and upload messages to Dutch, also with filled-in values', () => {
    for (const [key, message] of Object.entries(CONTRACT_MESSAGES)) {
      if (message.includes('{{')) continue
      expect(translateValidation(en, messageRef(key as MessageKey))).toBe(message)
      expect(translateValidation(nl, messageRef(key as MessageKey))).not.toBe(message)
    }
    const failed = SEND_MSG.failedTo.replace('{{names}}', 'Anna de Boer, Bob & Co')
    const names = { names: 'Anna de Boer, Bob & Co' }
    expect(translateValidation(en, messageRef('send.failedTo', names))).toBe(failed)
    expect(messageText('send.failedTo', names)).toBe(failed)
    expect(translateValidation(nl, messageRef('send.failedTo', names))).toBe(
      'Versturen van de vragenlijst is mislukt naar: Anna de Boer, Bob & Co.',
    )
    expect(translateValidation(nl, messageRef('upload.imageSize'))).toBe('De afbeelding mag maximaal 5 MB zijn.')
  })
  it('zodFieldErrors gives the first message per dotted path', () => {
    const r = ZCreateOrganisation.safeParse({ legalName: ' ', admin: { email: 'x' } })
    expect(r.success).toBe(false)
    if (r.success) return
    const errors = zodFieldErrors(r.error)
    expect(translateValidation(en, errors.legalName)).toBe(MSG.legalName)
    expect(translateValidation(en, errors['admin.email'])).toBe(MSG.email)
    expect(errors.legalName).toBe(messageRef('legalName'))
    expect(errors['admin.email']).toBe(messageRef('email'))
  })
})
