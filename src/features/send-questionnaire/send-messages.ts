import type { TFunction } from 'i18next'
import { QUESTIONNAIRE_MSG, SEND_MSG } from '../../../contract/questionnaires'
import { translateValidation } from '../../ui'

/** The spec's English send messages (contract) → keys of locales/<lang>/send-questionnaire.json. */
const KEYS = new Map<string, string>([
  [SEND_MSG.noPhone, 'noPhone'],
  [SEND_MSG.notificationType, 'notificationType'],
  [SEND_MSG.noCredits, 'noCredits'],
  [SEND_MSG.customerNotFound, 'customerNotFound'],
  [SEND_MSG.tooMany, 'tooMany'],
  [QUESTIONNAIRE_MSG.selectQuestionnaire, 'selectQuestionnaire'],
])

/**
 * One per-customer (or form) message in the user's language; other contract texts and issue
 * references (zodFieldErrors) go through the validation catalogue, other texts pass through.
 */
export function sendMessage(t: TFunction, english: string): string {
  const key = KEYS.get(english)
  return key ? t(`send-questionnaire.messages.${key}`) : translateValidation(t, english)
}
