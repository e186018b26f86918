import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../../contract/enums'

const known = (v: unknown): Language | undefined => (isLanguage(v) ? v : undefined)

/**
 * The language of every message to a customer (login code, questionnaire invitation, advice
 * ready; issue 11 "in their language"): the customer's own choice, else the language the
 * request came in (the sign-in screen they look at), else the organisation's.
 */
export function customerMailLanguage(
  customer: { language: string | null },
  organisationLanguage: string | null | undefined,
  requested?: Language,
): Language {
  return known(customer.language) ?? requested ?? known(organisationLanguage) ?? DEFAULT_LANGUAGE
}
