import type { TFunction } from 'i18next'
import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiError } from '../api/client'
import { isQuotaError } from '../local-db/storage-room'

/*
 * Error codes (contract/errors.ts) become translated text via locales/<lang>/errors.json, keyed
 * by the code. A code the client does not know yet still shows something useful: the code itself.
 */
export function apiErrorMessage(t: TFunction, err: unknown): string {
  if (err instanceof ApiError) {
    if (err.isNetwork) return t('errors.NETWORK')
    const key = `errors.${err.code}`
    const text = t(key, { defaultValue: '' })
    if (text) return text
    return t('errors.UNKNOWN', { code: err.code })
  }
  // A local save the device had no room for (issue 21 #6): say so, not "something went wrong".
  if (isQuotaError(err)) return t('errors.STORAGE_FULL')
  return t('errors.INTERNAL')
}

export function useApiErrorMessage() {
  const { t } = useTranslation()
  return useCallback((err: unknown) => apiErrorMessage(t, err), [t])
}

export {
  fieldIssueMessage,
  messageRef,
  translateFieldIssue,
  translateValidation,
  validationFields,
  zodFieldErrors,
} from './field-issues'
