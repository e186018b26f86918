import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { EmptyState } from '../../../ui'
import { AddButton, type ListPageAdd } from '../../../ui/list-page'

/**
 * The Grow tabs' empty state (modules, groups, conditions): one block instead of one per tab.
 * The add button is the shared one (absent without advice.manage, off offline) and the text
 * for who may not manage never invites what they cannot do (issue 21 #22).
 */
export function GrowTabEmpty(p: {
  icon: ReactNode
  title: ReactNode
  description: ReactNode
  readOnly: ReactNode
  /** Without one (the groups tab adds with its own form): the text alone. */
  add?: Omit<ListPageAdd, 'needsConnection'>
}) {
  const { t } = useTranslation()
  const action = p.add && <AddButton add={{ ...p.add, needsConnection: t('grow.needsConnection') }} />
  return (
    <EmptyState
      icon={p.icon}
      title={p.title}
      invite={{ allowed: p.add?.allowed ?? true, description: p.description, readOnly: p.readOnly, action }}
    />
  )
}
