import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { toFieldError } from '../server/lib/field-errors'
import { CONTRACT_MESSAGES, contractIssue, customIssue, messageText, msg, placeholders } from './messages'
import { ZCreateQuestionnaire, ZSendQuestionnaire } from './questionnaires'
import { zIsoDate } from './validation'

describe('contract messages: a field problem names its key and values', () => {
  it('msg() stamps the key on a built-in check’s issue and keeps the spec’s English as the message', () => {
    const r = z.string().trim().min(1, msg('legalName')).safeParse(' ')
    expect(r.success).toBe(false)
    const [issue] = r.error?.issues ?? []
    expect(issue).toMatchObject({
      code: 'too_small',
      message: CONTRACT_MESSAGES.legalName,
      params: { code: 'legalName' },
    })
    expect(toFieldError(issue)).toEqual({
      path: '',
      code: 'legalName',
      params: {},
      message: 'Legal company name is required.',
    })
  })

  it('a refinement with values: the key, exactly its placeholders as params, the English filled in', () => {
    const r = zIsoDate.safeParse('1990-02-31')
    const [issue] = r.error?.issues ?? []
    expect(toFieldError(issue)).toEqual({
      path: '',
      code: 'dateInvalid',
      params: { value: '1990-02-31' },
      message: '1990-02-31 is not a valid date.',
    })
  })

  it('zod internals never travel with a message key (a uuid check has format, pattern, origin)', () => {
    const r = ZSendQuestionnaire.safeParse({ questionnaireId: 'nope', customerIds: [] })
    const fields = (r.error?.issues ?? []).map(toFieldError)
    expect(fields).toEqual([
      {
        path: 'questionnaireId',
        code: 'questionnaire.selectQuestionnaire',
        params: {},
        message: 'A questionnaire must be selected',
      },
      { path: 'customerIds', code: 'required', params: {}, message: 'This field is required.' },
    ])
    // Values other than the message's own placeholders are dropped.
    const own = {
      ...customIssue('dateInvalid', { value: 'x' }),
      params: { code: 'dateInvalid', value: 'x', secret: 's' },
    }
    expect(toFieldError({ ...own, path: ['d'] }).params).toEqual({ value: 'x' })
  })

  it('questionnaire rules across questions name their keys', () => {
    const r = ZCreateQuestionnaire.safeParse({
      name: 'Q',
      questions: [
        { id: 'a', name: 'A', type: 'option', options: [] },
        { id: 'a', name: 'B', type: 'string', displayLogic: [{ questionId: 'z', operator: 'answered' }] },
      ],
    })
    const codes = (r.error?.issues ?? []).map((i) => toFieldError(i)).map((f) => `${f.path} ${f.code}`)
    expect(codes).toEqual(
      expect.arrayContaining([
        'questions.0.options questionnaire.options',
        'questions.1.id questionnaire.duplicateQuestion',
        'questions.1.displayLogic.0.questionId questionnaire.displayLogic',
      ]),
    )
  })

  it('messageText and contractIssue fill every placeholder', () => {
    expect(placeholders(CONTRACT_MESSAGES['send.failedTo'])).toEqual(['names'])
    expect(messageText('send.failedTo', { names: 'A, B' })).toBe('Failed to send questionnaire to: A, B.')
    expect(contractIssue('numberInvalid', { value: 'twelve' })).toEqual({
      code: 'numberInvalid',
      params: { value: 'twelve' },
      message: 'twelve is not a number.',
    })
  })
})
