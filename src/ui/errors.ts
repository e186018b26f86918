import type { TFunction } from 'i18next'
import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import type { ZodError } from 'zod'
import { MSG } from '../../contract/validation'
import { ApiError } from '../api/client'

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
  return t('errors.INTERNAL')
}

export function useApiErrorMessage() {
  const { t } = useTranslation()
  return useCallback((err: unknown) => apiErrorMessage(t, err), [t])
}

/** English contract message → key in locales/<lang>/validation.json. */
const MSG_KEYS = new Map<string, string>(Object.entries(MSG).map(([key, text]) => [text, key]))

/** Translate one of the spec's validation messages (contract MSG); unknown texts pass through. */
export function translateValidation(t: TFunction, englishMessage: string): string {
  const key = MSG_KEYS.get(englishMessage)
  return key ? t(`validation.${key}`) : englishMessage
}

/** Client-side validation with the contract schemas: first message per dotted field path. */
export function zodFieldErrors(error: ZodError): Record<string, string> {
  const out: Record<string, string> = {}
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.')
    if (!(path in out)) out[path] = issue.message
  }
  return out
}
