import type { TFunction } from 'i18next'
import type { OutboxError } from '../../local-db/types'
import { errorKey, translateFieldIssue, translateValidation, validationFields } from '../../ui/errors'

/**
 * Why the server refused an outbox entry, in the reader's language: the field messages of a
 * VALIDATION_FAILED (contract texts, translated); a FORBIDDEN naming the permission it needs says
 * which right the employee no longer has (issue 9: the change was made before a role changed);
 * else the error code's text (for a customer, a refusal about the salon's plan in their words: errorKey).
 */
export function outboxErrorText(t: TFunction, error: OutboxError | null, customerFacing = false): string {
  if (!error) return ''
  const permission = (error.details as { permission?: unknown } | undefined)?.permission
  if (error.code === 'FORBIDDEN' && typeof permission === 'string')
    return t(`sync.noLongerAllowed.${permission}`, { defaultValue: t('errors.FORBIDDEN') })
  const messages = validationFields(error.details)
    .map((f) => translateFieldIssue(t, f))
    .filter(Boolean)
  if (messages.length) return [...new Set(messages)].join(' ')
  return t(errorKey(error.code, customerFacing), { defaultValue: translateValidation(t, error.message) })
}
