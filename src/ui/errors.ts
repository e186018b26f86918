import type { TFunction } from 'i18next'
import { createContext, useCallback, useContext } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiError } from '../api/errors'
import { isQuotaError } from '../local-db/storage-room'

/*
 * Error codes (contract/errors.ts) become translated text via locales/<lang>/errors.json, keyed
 * by the code. A code the client does not know yet still shows something useful: the code itself.
 */

/**
 * Who reads the error. A salon's customer (questionnaire, document signing, customer area, kiosk)
 * can do nothing about the salon's subscription: the refusals that tell staff to buy or upgrade
 * (issue 22) read "the salon cannot receive this now" for them instead. The customer-facing
 * frames provide `true`; everything else is staff.
 */
const CustomerFacing = createContext(false)
export const CustomerFacingProvider = CustomerFacing.Provider
export const useCustomerFacing = () => useContext(CustomerFacing)

/** Refusals about the salon's plan that a customer is not told about in the salon's words. */
const SALON_PLAN_CODES: readonly string[] = ['SUBSCRIPTION_EXPIRED', 'FEATURE_NOT_IN_PLAN', 'ORGANISATION_SUSPENDED']

/** The translation key of an error code for its reader (client-only `SALON_UNAVAILABLE` for customers). */
export function errorKey(code: string, customerFacing = false): string {
  return customerFacing && SALON_PLAN_CODES.includes(code) ? 'errors.SALON_UNAVAILABLE' : `errors.${code}`
}

export function apiErrorMessage(t: TFunction, err: unknown, customerFacing = false): string {
  if (err instanceof ApiError) {
    if (err.isNetwork) return t('errors.NETWORK')
    const key = errorKey(err.code, customerFacing)
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
  const customerFacing = useCustomerFacing()
  return useCallback((err: unknown) => apiErrorMessage(t, err, customerFacing), [t, customerFacing])
}

export {
  fieldIssueMessage,
  messageRef,
  translateFieldIssue,
  translateValidation,
  validationFields,
  zodFieldErrors,
} from './field-issues'
