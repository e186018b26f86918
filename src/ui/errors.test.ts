import { describe, expect, it } from 'vitest'
import { ZCreateOrganisation } from '../../contract/organisations'
import { QUESTIONNAIRE_MSG, SEND_MSG, UPLOAD_MSG } from '../../contract/questionnaires'
import { MSG } from '../../contract/validation'
import { ApiError } from '../api/client'
import { i18n } from '../i18n'
import { apiErrorMessage, translateValidation, zodFieldErrors } from './errors'

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
})

describe('validation messages', () => {
  it('maps every contract message to Dutch', () => {
    for (const message of Object.values(MSG)) {
      expect(translateValidation(en, message)).toBe(message)
      expect(translateValidation(nl, message)).not.toBe(message)
    }
    expect(translateValidation(nl, 'Not a contract text')).toBe('Not a contract text')
  })
  it('maps the questionnaire, sending and upload messages to Dutch, also with filled-in values', () => {
    for (const message of [
      ...Object.values(QUESTIONNAIRE_MSG),
      ...Object.values(SEND_MSG),
      ...Object.values(UPLOAD_MSG),
    ]) {
      if (message.includes('{{')) continue
      expect(translateValidation(en, message)).toBe(message)
      expect(translateValidation(nl, message)).not.toBe(message)
    }
    const failed = SEND_MSG.failedTo.replace('{{names}}', 'Anna de Boer, Bob & Co')
    expect(translateValidation(en, failed)).toBe(failed)
    expect(translateValidation(nl, failed)).toBe(
      'Versturen van de vragenlijst is mislukt naar: Anna de Boer, Bob & Co.',
    )
    expect(translateValidation(nl, UPLOAD_MSG.imageSize)).toBe('De afbeelding mag maximaal 5 MB zijn.')
  })
  it('zodFieldErrors gives the first message per dotted path', () => {
    const r = ZCreateOrganisation.safeParse({ legalName: ' ', admin: { email: 'x' } })
    expect(r.success).toBe(false)
    if (r.success) return
    const errors = zodFieldErrors(r.error)
    expect(errors.legalName).toBe(MSG.legalName)
    expect(errors['admin.email']).toBe(MSG.email)
  })
})
