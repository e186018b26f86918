import { useNavigate, useSearch } from '@tanstack/react-router'
import { Contact, Search, UserPlus } from 'lucide-react'
import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { EMPLOYEE_STATUSES, type EmployeeStatus } from '../../../contract/employees'
import { Button, SelectField, TextField } from '../../ui'
import { ListPage } from '../../ui/list-page'
import { useOnline } from '../app/use-online'
import { useBranchesFor } from '../auth/use-can'
import { useSalons } from '../branches/use-salons'
import { useEmployees, useRoles } from '../team/use-team'
import { EmployeeDrawer } from './employee-drawer'
import { EmployeeList, EmployeeListSkeleton } from './employee-list'
import { OnlineOnlyNotice } from './online-only-notice'

const FROM = '/$slug/admin/employees'
type Filters = { search?: string; salonId?: string; status?: EmployeeStatus }

/**
 * The team (issue 9), read from the replica, so it works the same offline. Search, branch and
 * status live in the URL (`?search=&salonId=&status=`, the route's ZEmployeesSearch). Adding
 * and changing employees is online only and needs manageEmployees in some branch.
 */
export function EmployeesPage() {
  const { t } = useTranslation()
  const filters = useSearch({ from: FROM })
  const navigate = useNavigate({ from: FROM })
  const setFilters = (next: Filters) =>
    void navigate({
      replace: true,
      search: (prev) => ({
        ...prev,
        ...Object.fromEntries(Object.entries(next).map(([k, v]) => [k, v || undefined])),
      }),
    })
  const list = useEmployees(filters)
  const salons = useSalons()
  const roles = useRoles()
  const online = useOnline()
  const readable = useBranchesFor('employees.read')
  const canManage = useBranchesFor('employees.manage').size > 0
  const [drawer, setDrawer] = useState<{ open: boolean; id: string | null }>({ open: false, id: null })
  const filtered = !!(filters.search || filters.salonId || filters.status)

  const salonName = useCallback(
    (id: string) => salons?.find((s) => s.id === id)?.name ?? t('employees.unknownBranch'),
    [salons, t],
  )
  const roleName = useCallback(
    (id: string) => roles?.find((r) => r.id === id)?.name ?? t('employees.unknownRole'),
    [roles, t],
  )
  // The branch filter offers the branches whose employees this person may see.
  const branchOptions = (salons ?? []).filter((s) => readable.has(s.id))

  return (
    <ListPage
      width="w-full max-w-6xl"
      title={t('employees.title')}
      description={t('employees.description')}
      add={{
        label: t('employees.add'),
        icon: <UserPlus aria-hidden className="size-4" />,
        onClick: () => setDrawer({ open: true, id: null }),
        allowed: canManage,
        online,
        needsConnection: t('employees.needsConnection'),
      }}
      items={list}
      filtered={filtered}
      skeleton={<EmployeeListSkeleton />}
      empty={{
        icon: <Contact aria-hidden className="size-6" />,
        title: t('employees.emptyTitle'),
        description: t('employees.emptyText'),
        readOnly: t('employees.emptyTextReadOnly'),
      }}
      noMatch={{
        icon: <Search aria-hidden className="size-6" />,
        title: t('employees.noResultsTitle'),
        description: t('employees.noResultsText'),
        action: (
          <Button variant="secondary" onClick={() => setFilters({ search: '', salonId: '', status: undefined })}>
            {t('employees.clearFilters')}
          </Button>
        ),
      }}
      before={
        <>
          {canManage && !online && (
            <div className="mb-4">
              <OnlineOnlyNotice />
            </div>
          )}
          {/* Only sm and lg here: this app's md breakpoint is in px and sorts before sm in the CSS. */}
          <div className="mb-4 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]">
            <div className="relative sm:col-span-2 lg:col-span-1">
              <TextField
                label={t('employees.searchLabel')}
                type="search"
                value={filters.search ?? ''}
                placeholder={t('employees.searchPlaceholder')}
                onChange={(e) => setFilters({ search: e.target.value })}
                className="pl-10"
              />
              <Search aria-hidden className="pointer-events-none absolute bottom-3 left-3.5 size-5 text-muted" />
            </div>
            <SelectField
              label={t('employees.filterBranch')}
              value={filters.salonId ?? ''}
              onChange={(e) => setFilters({ salonId: e.target.value })}
              options={[
                { value: '', label: t('employees.allBranches') },
                ...branchOptions.map((s) => ({ value: s.id, label: s.name })),
              ]}
            />
            <SelectField
              label={t('employees.filterStatus')}
              value={filters.status ?? ''}
              onChange={(e) => setFilters({ status: (e.target.value || undefined) as EmployeeStatus | undefined })}
              options={[
                { value: '', label: t('employees.allStatuses') },
                ...EMPLOYEE_STATUSES.map((s) => ({ value: s, label: t(`employees.status.${s}`) })),
              ]}
            />
          </div>
        </>
      }
      after={
        <EmployeeDrawer
          open={drawer.open}
          employeeId={drawer.id}
          onClose={() => setDrawer((d) => ({ ...d, open: false }))}
        />
      }
    >
      {(list) => (
        <>
          <p className="mb-3 text-sm text-muted" aria-live="polite">
            {t('employees.count', { count: list.length })}
          </p>
          <EmployeeList
            items={list}
            salonName={salonName}
            roleName={roleName}
            onOpen={(id) => setDrawer({ open: true, id })}
          />
        </>
      )}
    </ListPage>
  )
}
