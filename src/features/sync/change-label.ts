import type { TFunction } from 'i18next'

/** "New customer Anna de Boer"; without a known customer, the kind of change alone. */
export function changeLabel(t: TFunction, name: string, about: string) {
  if (about) return t(`sync.mutation.${name}`, { name: about, defaultValue: t('sync.access.unknownChange') })
  return t(`sync.mutationUnnamed.${name}`, { defaultValue: t('sync.access.unknownChange') })
}
