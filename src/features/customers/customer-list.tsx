import { AlertTriangle, ChevronRight, CloudUpload, GitMerge, Trash2 } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { useFormatPhone } from '../auth/phone-region'
import type { LocalCustomer } from '../../local-db/types'
import { Badge, Skeleton } from '../../ui/feedback'
import { cx } from '../../ui/cx'
import { Truncated } from '../../ui/truncated'
import type { CSSProperties } from 'react'
import { type CustomField, type CustomValue, formatCustomValue, isCustomValueOf } from '../../../contract/custom-fields'

/** A custom value as the list prints it; a stored value that no longer fits its field is not shown. */
const shownValue = (f: CustomField, v: CustomValue | undefined, lang: 'nl' | 'en') =>
  v !== undefined && isCustomValueOf(f, v) ? formatCustomValue(f, v, lang) : ''

/** Multi-select (sending a questionnaire to many): present only for employees who may send. */
export type CustomerSelection = { selected: Set<string>; onChange: (ids: string[], selected: boolean) => void }
type Props = {
  items: LocalCustomer[]
  conflictIds: Set<string>
  onOpen: (id: string) => void
  selection?: CustomerSelection
  /** Custom fields chosen as extra columns (issue 10; the column picker, per device). */
  columns?: readonly CustomField[]
}

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
      {c.deleted && (
        <Badge tone="danger" className="deleted-badge">
          <Trash2 aria-hidden className="size-3" /> {t('customer-delete.deleted')}
        </Badge>
      )}
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
 * Each row is one button that opens the drawer; with selection a 48 px checkbox cell sits
 * beside it (never inside: a control within a button is not reachable on its own).
 */
export function CustomerList({ items, conflictIds, onOpen, selection, columns = [] }: Props) {
  const { t, i18n } = useTranslation()
  // With custom columns the grid takes one more track per column (a CSS variable: tracks vary).
  const grid = columns.length
    ? ({ '--customer-cols': `1.6fr 2fr 1fr ${'minmax(4.5rem,1fr) '.repeat(columns.length)}24px` } as CSSProperties)
    : undefined
  const gridClass = columns.length ? 'md:grid-cols-(--customer-cols)' : 'md:grid-cols-[1.6fr_2fr_1fr_24px]'
  const lang = i18n.language === 'en' ? 'en' : 'nl'
  const formatPhone = useFormatPhone()
  const allSelected = !!selection && items.length > 0 && items.every((c) => selection.selected.has(c.id))
  const selectAll = selection && (
    <SelectBox
      checked={allSelected}
      label={t('customers.selectPage')}
      onChange={(on) =>
        selection.onChange(
          items.map((c) => c.id),
          on,
        )
      }
    />
  )
  return (
    <div className="overflow-hidden rounded-2xl border border-line bg-white">
      {selection && (
        // Phones have no header row: "select all on this page" stays reachable above the cards.
        <div className="flex items-center border-b border-line bg-stone-25 md:hidden">
          {selectAll}
          <span className="text-xs font-semibold tracking-wider text-muted uppercase">{t('customers.selectPage')}</span>
        </div>
      )}
      <div className="hidden items-center border-b border-line bg-stone-25 md:flex">
        {selectAll}
        <div
          style={grid}
          className={cx(
            'grid flex-1 grid-cols-[1.6fr_2fr_1fr_24px] gap-4 py-3 pr-5 text-xs font-semibold tracking-wider text-muted uppercase',
            columns.length > 0 && gridClass,
            !selection && 'pl-5',
          )}
        >
          <span>{t('customers.columns.name')}</span>
          <span>{t('customers.columns.contact')}</span>
          <span>{t('customers.columns.city')}</span>
          {columns.map((f) => (
            <Truncated key={f.id} text={f.displayName} data-testid="custom-column-header" />
          ))}
          <span />
        </div>
      </div>
      <ul className="divide-y divide-line">
        {items.map((c) => (
          <li key={c.id} className="flex items-stretch">
            {selection && (
              <SelectBox
                checked={selection.selected.has(c.id)}
                label={t('customers.select', { name: c.fullName })}
                onChange={(on) => selection.onChange([c.id], on)}
              />
            )}
            <button
              type="button"
              data-testid="customer-row"
              data-pending={c._pending === 1 || undefined}
              onClick={() => onOpen(c.id)}
              style={grid}
              className={cx(
                'grid min-h-16 w-full min-w-0 grid-cols-[1fr_24px] items-center gap-x-4 gap-y-1 py-3 pr-5 text-left transition hover:bg-primary-lighter focus-visible:bg-primary-lighter focus-visible:outline-none',
                gridClass,
                !selection && 'pl-5',
              )}
            >
              <span className="flex min-w-0 flex-col gap-1">
                <Truncated className="font-medium text-ink" text={c.fullName} />
                <CustomerMarks c={c} hasConflict={conflictIds.has(c.id)} />
              </span>
              <span className="col-start-1 flex min-w-0 flex-col text-sm text-muted md:col-start-auto">
                <Truncated text={c.email} />
                {c.phoneNumber && <Truncated className="hidden text-xs md:block" text={formatPhone(c.phoneNumber)} />}
              </span>
              <Truncated className="hidden text-sm text-muted md:block" text={c.city ?? ''} />
              {columns.map((f) => (
                <Truncated
                  key={f.id}
                  className="hidden text-sm text-muted md:block"
                  data-testid="custom-column-cell"
                  text={shownValue(f, c.customValues?.[f.propertyName], lang)}
                />
              ))}
              {columns.length > 0 && (
                // Phones: the chosen values as one line under the contact details.
                <Truncated
                  className="col-start-1 text-xs text-muted md:hidden"
                  text={columns
                    .map((f) => [f.displayName, shownValue(f, c.customValues?.[f.propertyName], lang)])
                    .filter(([, v]) => v)
                    .map(([n, v]) => `${n}: ${v}`)
                    .join(' · ')}
                />
              )}
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

/** A 48 px wide touch cell around a checkbox (DESIGN.md: targets at least 44 px). */
function SelectBox({ checked, label, onChange }: { checked: boolean; label: string; onChange: (on: boolean) => void }) {
  return (
    <label className="flex w-12 shrink-0 cursor-pointer items-center justify-center self-stretch has-[:focus-visible]:bg-primary-lighter min-h-11">
      <input
        type="checkbox"
        aria-label={label}
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        className="size-5 accent-[var(--color-primary-dark)]"
      />
    </label>
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
