import { AlertTriangle, ChevronRight, CloudUpload, GitMerge } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { LocalCustomer } from '../../local-db/types'
import { Badge, Skeleton } from '../../ui'

type Props = { items: LocalCustomer[]; conflictIds: Set<string>; onOpen: (id: string) => void }

/** The row marks: unsent (pending), refused by the server (needs attention), recorded clash. */
export function CustomerMarks({ c, hasConflict }: { c: LocalCustomer; hasConflict: boolean }) {
  const { t } = useTranslation()
  return (
    <span className="flex flex-wrap gap-1.5">
      {c._error ? (
        <Badge tone="danger">
          <AlertTriangle aria-hidden className="size-3" /> {t('customers.needsAttention')}
        </Badge>
      ) : c._pending ? (
        <Badge tone="neutral" className="pending-badge">
          <CloudUpload aria-hidden className="size-3" /> {t('customers.pending')}
        </Badge>
      ) : null}
      {hasConflict && (
        <Badge tone="warning">
          <GitMerge aria-hidden className="size-3" /> {t('customers.conflict')}
        </Badge>
      )}
    </span>
  )
}

/**
 * Rows as large touch targets: a table-like grid from tablet width, stacked cards on a phone.
 * Each row is one button that opens the drawer.
 */
export function CustomerList({ items, conflictIds, onOpen }: Props) {
  const { t } = useTranslation()
  return (
    <div className="overflow-hidden rounded-2xl border border-line bg-white">
      <div className="hidden grid-cols-[1.6fr_2fr_1fr_24px] gap-4 border-b border-line bg-stone-25 px-5 py-3 text-xs font-semibold tracking-wider text-muted uppercase md:grid">
        <span>{t('customers.columns.name')}</span>
        <span>{t('customers.columns.contact')}</span>
        <span>{t('customers.columns.city')}</span>
        <span />
      </div>
      <ul className="divide-y divide-line">
        {items.map((c) => (
          <li key={c.id}>
            <button
              type="button"
              data-testid="customer-row"
              data-pending={c._pending === 1 || undefined}
              onClick={() => onOpen(c.id)}
              className="grid min-h-16 w-full grid-cols-[1fr_24px] items-center gap-x-4 gap-y-1 px-5 py-3 text-left transition hover:bg-primary-lighter focus-visible:bg-primary-lighter focus-visible:outline-none md:grid-cols-[1.6fr_2fr_1fr_24px]"
            >
              <span className="flex min-w-0 flex-col gap-1">
                <span className="truncate font-medium text-ink">{c.fullName}</span>
                <CustomerMarks c={c} hasConflict={conflictIds.has(c.id)} />
              </span>
              <span className="col-start-1 flex min-w-0 flex-col text-sm text-muted md:col-start-auto">
                <span className="truncate">{c.email}</span>
                {c.phoneNumber && <span className="hidden truncate text-xs md:block">{c.phoneNumber}</span>}
              </span>
              <span className="hidden truncate text-sm text-muted md:block">{c.city ?? ''}</span>
              <ChevronRight
                aria-hidden
                className="col-start-2 row-span-2 row-start-1 size-5 text-muted md:col-start-auto md:row-span-1"
              />
            </button>
          </li>
        ))}
      </ul>
    </div>
  )
}

export function CustomerListSkeleton() {
  return (
    <div className="flex flex-col gap-3 rounded-2xl border border-line bg-white p-5" data-testid="customers-loading">
      {Array.from({ length: 6 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <Skeleton key={i} className="h-10 w-full" />
      ))}
    </div>
  )
}
