import type { TFunction } from 'i18next'
import type { AdviceWhy, WhyPart } from '../../../../contract/advice/customer-advice'

/**
 * "Why this advice" in words, the one wording for staff screens, the customer's page and the
 * kiosk: "Huidtype is Droog", "Leeftijd is minstens 40", "Allergieën is niet beantwoord".
 */
export function whyPartText(t: TFunction, part: WhyPart): string {
  // A yes/no question's value reads as the customer answered it ("Ja"), not as "true".
  const shown = part.values.map((v) => (v === 'true' ? t('advice.why.yes') : v === 'false' ? t('advice.why.no') : v))
  const values =
    shown.length > 1
      ? new Intl.ListFormat(t('advice.why.locale'), { type: 'disjunction' }).format(shown)
      : (shown[0] ?? '')
  return t(`advice.why.op.${part.operator}`, { question: part.question, value: values })
}

/** The reason a module shows, in one line (null: it does not show). */
export function whyShownText(t: TFunction, why: AdviceWhy): string | null {
  if (why.reason === 'always') return t('advice.why.always')
  if (why.reason === 'matched' && why.matched)
    return t('advice.why.matched', {
      condition: why.matched.name,
      parts: why.matched.parts.map((p) => whyPartText(t, p)).join(t('advice.why.and')),
    })
  return null
}

/** Why a module does not show: per condition, the subcondition that failed. */
export function whyNotLines(t: TFunction, why: AdviceWhy): string[] {
  if (why.reason !== 'notMatched') return []
  return why.failed.map((f) =>
    f.part
      ? t('advice.why.failed', { condition: f.name, part: whyPartText(t, f.part) })
      : t('advice.why.conditionGone', { condition: f.name || t('advice.why.unnamed') }),
  )
}
