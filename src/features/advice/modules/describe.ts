import type { TFunction } from 'i18next'
import type { Subcondition } from '../../../../contract/conditions/advice'
import type { LocalQuestionnaire } from '../../../local-db/types'

/** One subcondition in words: "Huidtype is Droog", "Leeftijd at least 40", … (the lists' summary). */
export function describeSubcondition(t: TFunction, s: Subcondition, questionnaires: readonly LocalQuestionnaire[]) {
  const question = questionnaires.find((q) => q.id === s.questionnaireId)?.questions.find((q) => q.id === s.questionId)
  const name = question?.name ?? t('grow.missingQuestion')
  const title = (v: string) => question?.options.find((o) => o.id === v)?.employeeTitle ?? v
  const value = s.values?.length
    ? s.values.map(title).join(', ')
    : s.value === undefined
      ? ''
      : typeof s.value === 'boolean'
        ? t(s.value ? 'grow.yes' : 'grow.no')
        : title(String(s.value))
  return `${name} ${t(`grow.operators.${s.operator}`).toLowerCase()}${value ? ` ${value}` : ''}`
}
