import type { TFunction } from 'i18next'
import { isMessageKey, type MessageKey, type MessageParams } from '../../contract/messages'
import { type FieldIssue, fieldIssueMessage, issueRef, parseIssueRef } from '../api/field-issues'
import { translateIssueCode } from './validation-issues'

// The data half lives with the request core (src/api never imports the design system).
export { fieldIssueMessage, validationFields, zodFieldErrors } from '../api/field-issues'

/*
 * A field problem is translated by its code and params alone: a contract message key
 * (contract/messages.ts: `dateInvalid` with `{ value }`, `questionnaire.duplicateQuestion`, …)
 * names its entry of locales/<lang>/validation.json; any other code (zod's too_big,
 * invalid_type, …, or one of ours) goes through translateIssueCode, which ends in the general
 * "not valid". The English `message` is never read: it is the API's, for people and logs.
 */

/** A form's kept message for a contract message (`messageRef('slugReserved')`). */
export function messageRef(code: MessageKey, params?: MessageParams): string {
  return issueRef(code, params ?? {})
}

/**
 * Translate a form's kept field message: an issue reference made by zodFieldErrors,
 * fieldIssueMessage or messageRef. Anything else is not ours to show: the general "not valid".
 */
export function translateValidation(t: TFunction, kept: string): string {
  const ref = parseIssueRef(kept)
  if (!ref) return translateIssueCode(t, 'invalid')
  if (isMessageKey(ref.code)) return t(`validation.${ref.code}`, ref.params)
  return translateIssueCode(t, ref.code, ref.params)
}

/** A server field entry, a zod issue or a contract issue, straight to text in the reader's language. */
export function translateFieldIssue(t: TFunction, issue: FieldIssue): string {
  return translateValidation(t, fieldIssueMessage(issue))
}
