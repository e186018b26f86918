import type { TFunction } from 'i18next'
import { QUESTIONNAIRE_MSG, UPLOAD_MSG } from '../../../contract/questionnaires'
import { translateValidation } from '../../ui'

const KEYS = new Map<string, string>([
  ...Object.entries(QUESTIONNAIRE_MSG).map(([k, v]) => [v, `questionnaires.rules.${k}`] as [string, string]),
  ...Object.entries(UPLOAD_MSG).map(([k, v]) => [v, `questionnaires.rules.${k}`] as [string, string]),
])

/** The contract's English messages (questionnaire rules, uploads, shared validation) in the user's language. */
export function translateMessage(t: TFunction, message: string): string {
  const key = KEYS.get(message)
  return key ? t(key) : translateValidation(t, message)
}

/** `err(key)`: the translated message of a field, or undefined. */
export const fieldError = (t: TFunction, errors: Record<string, string>) => (key: string) =>
  errors[key] ? translateMessage(t, errors[key]) : undefined
