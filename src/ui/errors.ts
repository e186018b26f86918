import type { TFunction } from 'i18next'
import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import type { ZodError } from 'zod'
import { QUESTIONNAIRE_MSG, SEND_MSG, UPLOAD_MSG } from '../../contract/questionnaires'
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

/** English contract messages by their key in locales/<lang>/validation.json. */
const CONTRACT_MESSAGES: [prefix: string, texts: Record<string, string>][] = [
  ['', MSG],
  ['questionnaire.', QUESTIONNAIRE_MSG],
  ['send.', SEND_MSG],
  ['upload.', UPLOAD_MSG],
]
const MSG_KEYS = new Map<string, string>(
  CONTRACT_MESSAGES.flatMap(([prefix, texts]) => Object.entries(texts).map(([key, text]) => [text, prefix + key])),
)
/** Messages the server fills in (e.g. "Failed to send questionnaire to: {{names}}."), as patterns. */
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const TEMPLATES = [...MSG_KEYS.entries()]
  .filter(([text]) => text.includes('{{'))
  .map(([text, key]) => {
    const names = [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1])
    const source = text
      .split(/\{\{\w+\}\}/)
      .map(escapeRegExp)
      .join('(.+)')
    return { key, names, re: new RegExp(`^${source}$`, 's') }
  })

/**
 * Translate one of the contract's English messages (MSG, QUESTIONNAIRE_MSG, SEND_MSG,
 * UPLOAD_MSG), also when the server filled in its {{values}}; unknown texts pass through.
 */
export function translateValidation(t: TFunction, englishMessage: string): string {
  const key = MSG_KEYS.get(englishMessage)
  if (key) return t(`validation.${key}`)
  for (const tpl of TEMPLATES) {
    const m = englishMessage.match(tpl.re)
    if (m) return t(`validation.${tpl.key}`, Object.fromEntries(tpl.names.map((n, i) => [n, m[i + 1]])))
  }
  return englishMessage
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
