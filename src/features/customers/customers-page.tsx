import { useNavigate, useSearch } from '@tanstack/react-router'
import { FileUp, Search, UserPlus, Users } from 'lucide-react'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../ui/button'
import { EmptyState, PageHeader } from '../../ui/feedback'
import { TextField } from '../../ui/fields'
import { SelectionBar } from '../send-questionnaire/selection-bar'
import { CustomerList, CustomerListSkeleton } from './customer-list'
import { useCustomers, useOpenConflicts } from './use-customers'
import { useCan } from '../auth/use-can'
import { ColumnPicker } from '../custom-fields/column-picker'
import { useColumnChoice } from '../custom-fields/use-column-choice'
import { useCustomFields } from '../custom-fields/use-custom-fields'
import { useSession } from '../auth/session'
import { BulkCustomerActions } from '../customer-delete/bulk-actions'
import { ExportCsvButton } from '../customer-delete/export-csv-button'
import { lazyOnOpen } from '../app/lazy-on-open'

// Opened by a click: their forms, phone parsing and CSV import load then, not before the list.
const CustomerDrawer = lazyOnOpen(() => import('./customer-drawer'), 'CustomerDrawer')
const ImportDrawer = lazyOnOpen(() => import('../customer-import/import-drawer'), 'ImportDrawer')

type CustomersSearch = { search?: string; page?: number; deleted?: boolean }
const FROM = '/$slug/admin/customers'

/**
 * Customers of the current branch, from the replica only (works the same offline). Search and
 * page live in the URL (`?search=&page=&deleted=1`, the route's ZCustomersSearch).
 */
export function CustomersPage() {
  const { t } = useTranslation()
  const params = useSearch({ from: FROM })
  const navigate = useNavigate({ from: FROM })
  const search = params.search ?? ''
  const page = params.page ?? 1
  const setParams = (next: CustomersSearch) =>
    void navigate({
      replace: true,
      search: (prev) => ({
        ...prev,
        search: next.search || undefined,
        page: next.page && next.page > 1 ? next.page : undefined,
        deleted: next.deleted || undefined,
      }),
    })

  // Issue 10: soft-deleted customers are shown (marked, with Restore) only when asked.
  const includeDeleted = params.deleted === true
  const list = useCustomers({ search, page, includeDeleted })
  const canManage = useCan('customers.manage')
  // Issue 10: custom fields as optional columns, chosen per device.
  const customFields = useCustomFields() ?? []
  const orgId = useSession('employee')?.employee.organisationId
  const columnChoice = useColumnChoice(orgId, customFields)
  const conflicts = useOpenConflicts(null)
  const conflictIds = useMemo(() => new Set(conflicts.map((c) => c.customerId)), [conflicts])
  const [drawer, setDrawer] = useState<{ open: boolean; id: string | null }>({ open: false, id: null })
  const canImport = useCan('customers.import')
  const [importing, setImporting] = useState(false)
  const pages = list ? Math.max(1, Math.ceil(list.total / list.pageSize)) : 1
  // Selected customers (to send them a questionnaire); kept across search and paging.
  const canSend = useCan('questionnaires.send')
  const canSendDocuments = useCan('customerDocuments.send')
  const canSelect = canSend || canManage || canSendDocuments
  const [selected, setSelected] = useState<Set<string>>(new Set())
  const onSelect = (ids: string[], on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev)
      for (const id of ids) on ? next.add(id) : next.delete(id)
      return next
    })

  return (
    <div className="mx-auto w-full max-w-6xl">
      <PageHeader
        title={t('customers.title')}
        description={t('customers.description')}
        actions={
          <>
            {canImport && (
              <Button variant="secondary" onClick={() => setImporting(true)}>
                <FileUp aria-hidden className="size-4" /> {t('customer-import.open')}
              </Button>
            )}
            {canManage && (
              <Button onClick={() => setDrawer({ open: true, id: null })}>
                <UserPlus aria-hidden className="size-4" /> {t('customers.add')}
              </Button>
            )}
          </>
        }
      />
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <div className="relative w-full sm:max-w-sm">
          <TextField
            label={<span className="sr-only">{t('customers.searchLabel')}</span>}
            type="search"
            value={search}
            placeholder={t('customers.searchPlaceholder')}
            onChange={(e) => setParams({ search: e.target.value, page: 1, deleted: includeDeleted })}
            className="pl-10"
          />
          <Search aria-hidden className="pointer-events-none absolute bottom-3 left-3.5 size-5 text-muted" />
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <label className="flex min-h-11 cursor-pointer items-center gap-2 text-sm text-ink">
            <input
              type="checkbox"
              checked={includeDeleted}
              onChange={(e) => {
                setParams({ search, page: 1, deleted: e.target.checked })
              }}
              className="size-5 accent-[var(--color-primary-dark)]"
            />
            {t('customer-delete.includeDeleted')}
          </label>
          <ColumnPicker fields={customFields} chosen={columnChoice.chosen} onChange={columnChoice.setChosen} />
          <ExportCsvButton search={search} includeDeleted={includeDeleted} />
        </div>
        {list && list.total > 0 && <p className="text-sm text-muted">{t('customers.count', { count: list.total })}</p>}
      </div>

      {canSelect && (
        <SelectionBar
          selected={selected}
          onClear={() => setSelected(new Set())}
          canSend={canSend}
          actions={<BulkCustomerActions selected={selected} onDone={() => setSelected(new Set())} />}
        />
      )}
      {!list ? (
        <CustomerListSkeleton />
      ) : list.total === 0 && !search ? (
        <EmptyState
          icon={<Users aria-hidden className="size-6" />}
          title={t('customers.emptyTitle')}
          invite={{
            allowed: canManage,
            description: t('customers.emptyDescription'),
            readOnly: t('customers.emptyReadOnly'),
            action: <Button onClick={() => setDrawer({ open: true, id: null })}>{t('customers.add')}</Button>,
          }}
        />
      ) : list.total === 0 ? (
        <EmptyState
          icon={<Search aria-hidden className="size-6" />}
          title={t('customers.noResultsTitle')}
          description={t('customers.noResultsDescription', { search })}
        />
      ) : (
        <>
          <CustomerList
            items={list.items}
            conflictIds={conflictIds}
            onOpen={(id) => setDrawer({ open: true, id })}
            selection={canSelect ? { selected, onChange: onSelect } : undefined}
            columns={columnChoice.columns}
          />
          {pages > 1 && (
            <nav
              className="mt-4 flex items-center justify-between gap-3"
              aria-label={t('customers.pageOf', { page, pages })}
            >
              <Button
                variant="secondary"
                disabled={page <= 1}
                onClick={() => setParams({ search, page: page - 1, deleted: includeDeleted })}
              >
                {t('customers.previous')}
              </Button>
              <span className="text-sm text-muted">{t('customers.pageOf', { page, pages })}</span>
              <Button
                variant="secondary"
                disabled={page >= pages}
                onClick={() => setParams({ search, page: page + 1, deleted: includeDeleted })}
              >
                {t('customers.next')}
              </Button>
            </nav>
          )}
        </>
      )}
      <CustomerDrawer
        open={drawer.open}
        customerId={drawer.id}
        onClose={() => setDrawer((d) => ({ ...d, open: false }))}
        onOpenCustomer={(id) => setDrawer({ open: true, id })}
      />
      {canImport && <ImportDrawer open={importing} onClose={() => setImporting(false)} />}
    </div>
  )
}
