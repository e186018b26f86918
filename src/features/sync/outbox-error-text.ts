import type { TFunction } from 'i18next'
import type { OutboxError } from '../../local-db/types'
import { translateFieldIssue, translateValidation, validationFields } from '../../ui'

/**
 * Why the server refused an outbox entry, in the reader's language: the field messages of a
 * VALIDATION_FAILED (contract texts, translated), else the error code's text.
 */
export function outboxErrorText(t: TFunction, error: OutboxError | null): string {
  if (!error) return ''
  const messages = validationFields(error.details)
    .map((f) => translateFieldIssue(t, f))
    .filter(Boolean)
  if (messages.length) return [...new Set(messages)].join(' ')
  return t(`errors.${error.code}`, { defaultValue: translateValidation(t, error.message) })
}
