import { type KeyboardEvent, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { cx } from '../../ui/cx'
import { useCan } from '../auth/use-can'

export type CustomerTab = 'card' | 'details' | 'questionnaires' | 'activity' | 'advice' | 'documents'
// Issue 11: the customer card first (the configured modules at a glance); the advice last.
// Issue 12: the documents sent to the customer after it (for readers of customer documents).
const ALL_TABS: CustomerTab[] = ['card', 'details', 'questionnaires', 'activity', 'advice', 'documents']

/** The drawer's tab, back on the details each time the drawer opens. */
export function useCustomerTab(open: boolean) {
  const [tab, setTab] = useState<CustomerTab>('details')
  useEffect(() => {
    if (open) setTab('details')
  }, [open])
  return [tab, setTab] as const
}

/**
 * Details / Questionnaires / Activity at the top of an existing customer's drawer, so the
 * questionnaires are one tap away instead of below a long form. Arrow keys move between tabs.
 */
export function CustomerTabs({ value, onChange }: { value: CustomerTab; onChange: (tab: CustomerTab) => void }) {
  const { t } = useTranslation()
  const mayRead = useCan('submissions.read')
  const mayReadDocuments = useCan('customerDocuments.read')
  // The chosen tab stays in view when the row scrolls (six tabs on a phone).
  useEffect(() => {
    document.getElementById(`customer-tab-${value}`)?.scrollIntoView({ block: 'nearest', inline: 'nearest' })
  }, [value])
  if (!mayRead) return null
  const TABS = ALL_TABS.filter((tab) => tab !== 'documents' || mayReadDocuments)
  const onKeyDown = (e: KeyboardEvent) => {
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0
    if (!step) return
    const next = TABS[(TABS.indexOf(value) + step + TABS.length) % TABS.length]
    onChange(next)
    document.getElementById(`customer-tab-${next}`)?.focus()
  }
  // Six tabs do not fit a phone or the drawer: they wrap onto a second line rather than scroll
  // sideways, where a tab past the edge is not seen at all (issue 21 #17).
  return (
    <div
      role="tablist"
      aria-label={t('submissions.tabs.label')}
      className="-mt-2 mb-5 flex flex-wrap gap-x-1 border-b border-line"
    >
      {TABS.map((tab) => (
        <button
          key={tab}
          id={`customer-tab-${tab}`}
          type="button"
          role="tab"
          aria-selected={value === tab}
          tabIndex={value === tab ? 0 : -1}
          onClick={() => onChange(tab)}
          onKeyDown={onKeyDown}
          className={cx(
            '-mb-px min-h-11 shrink-0 border-b-2 px-3 text-sm font-medium transition focus-visible:bg-primary-lighter focus-visible:outline-none',
            value === tab ? 'border-primary-dark text-ink' : 'border-transparent text-muted hover:text-ink',
          )}
        >
          {tab === 'documents' ? t('customer-documents.tab') : t(`submissions.tabs.${tab}`)}
        </button>
      ))}
    </div>
  )
}
