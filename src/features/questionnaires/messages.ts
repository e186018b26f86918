import type { TFunction } from 'i18next'
import { translateValidation } from '../../ui'

/** `err(key)`: the translated message of a field (contract messages, client or server), or undefined. */
export const fieldError = (t: TFunction, errors: Record<string, string>) => (key: string) =>
  errors[key] ? translateValidation(t, errors[key]) : undefined
