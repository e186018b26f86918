import { GitMerge } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { resolveConflict } from '../../local-db/mutations'
import { Button } from '../../ui/button'
import { formatDateTime } from '../../ui/format'
import { useReplica } from '../sync/sync-provider'
import { useOpenConflicts } from './use-customers'
import { useCustomFields } from '../custom-fields/use-custom-fields'
import { conflictFieldLabel, conflictValue } from '../custom-fields/conflict-label'

const show = (v: unknown, empty: string) =>
  v === null || v === undefined || v === '' ? empty : Array.isArray(v) ? v.join(', ') : String(v)

/**
 * Same-field clashes the server recorded for this customer (ARCHITECTURE: the first committed
 * value is kept, the other is logged for staff). Resolving marks it as handled.
 */
export function CustomerConflicts({ customerId }: { customerId: string }) {
  const { t } = useTranslation()
  const replica = useReplica()
  const conflicts = useOpenConflicts(customerId)
  const customFields = useCustomFields() ?? []
  if (!replica || conflicts.length === 0) return null
  return (
    <div
      role="status"
      data-testid="customer-conflicts"
      className="mb-6 rounded-xl border border-[#ecd6a4] bg-[#fbf1dc] p-4 text-sm text-[#5c3e07]"
    >
      <p className="flex items-center gap-2 font-medium">
        <GitMerge aria-hidden className="size-4" />
        {t('customers.conflictsTitle')}
      </p>
      <p className="mt-1">{t('customers.conflictsDescription')}</p>
      <ul className="mt-3 flex flex-col gap-3">
        {conflicts.map((c) => (
          <li key={c.id} className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-white/70 p-3">
            <div className="min-w-0">
              <p className="font-medium">
                {conflictFieldLabel(t, c.field, customFields)}{' '}
                <span className="font-normal text-muted">{formatDateTime(c.createdAt)}</span>
              </p>
              <p>
                {t('customers.conflictKept')}:{' '}
                <strong>{show(conflictValue(t, c.field, c.keptValue, customFields), t('customers.empty'))}</strong>
              </p>
              <p>
                {t('customers.conflictRejected')}:{' '}
                <s>{show(conflictValue(t, c.field, c.rejectedValue, customFields), t('customers.empty'))}</s>
              </p>
            </div>
            <Button variant="secondary" onClick={() => void resolveConflict(replica.db, c.id)}>
              {t('customers.conflictResolve')}
            </Button>
          </li>
        ))}
      </ul>
    </div>
  )
}
