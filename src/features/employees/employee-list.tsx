import { ChevronRight } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { LocalEmployee } from '../../local-db/types'
import { ListSkeleton, Truncated } from '../../ui'
import { EmployeeStatusBadge } from './employee-status'

type Props = {
  items: LocalEmployee[]
  salonName: (id: string) => string
  roleName: (id: string) => string
  onOpen: (id: string) => void
}

/** The team: name, e-mail, "Utrecht · Receptie" per branch, status. A row opens the drawer. */
export function EmployeeList({ items, salonName, roleName, onOpen }: Props) {
  const { t } = useTranslation()
  return (
    <ul className="flex flex-col gap-3" data-testid="employee-list">
      {items.map((e) => {
        const name = `${e.firstName} ${e.lastName}`
        return (
          <li
            key={e.id}
            className="relative flex items-center gap-4 rounded-2xl border border-line bg-white px-5 py-4 shadow-[0_1px_2px_rgba(43,38,35,0.04)] transition focus-within:ring-2 focus-within:ring-primary/50 hover:border-primary"
            data-testid="employee-row"
          >
            <span
              aria-hidden
              className="hidden size-11 shrink-0 items-center justify-center rounded-full bg-primary-light font-medium text-primary-dark sm:flex"
            >
              {`${e.firstName[0] ?? ''}${e.lastName[0] ?? ''}`.toUpperCase()}
            </span>
            <div className="flex min-w-0 flex-1 flex-col gap-1.5 lg:flex-row lg:items-center lg:gap-4">
              <div className="min-w-0 lg:w-2/5">
                <div className="flex items-center justify-between gap-3">
                  <button
                    type="button"
                    onClick={() => onOpen(e.id)}
                    title={name}
                    // The whole row is the tap target (≥ 44 px), the name is what is announced.
                    className="block min-w-0 truncate text-left font-medium text-ink after:absolute after:inset-0 after:rounded-2xl focus:outline-none"
                  >
                    {name}
                  </button>
                  {/* Narrow rows: the status beside the name, so the branches keep the full width. */}
                  <span className="lg:hidden">
                    <EmployeeStatusBadge status={e.status} />
                  </span>
                </div>
                <Truncated as="p" className="text-sm text-muted" text={e.email} />
              </div>
              <ul className="flex min-w-0 flex-1 flex-wrap gap-1.5" aria-label={t('employees.branchesOf', { name })}>
                {e.access.map((a) => (
                  // A long branch or role name wraps inside its chip rather than being cut short:
                  // how wide a chip gets depends on the other rows and the screen, never below readable.
                  <li
                    key={a.salonId}
                    className="max-w-full rounded-md bg-canvas px-2 py-0.5 text-sm break-words text-ink"
                    title={`${salonName(a.salonId)} · ${roleName(a.roleId)}`}
                  >
                    {salonName(a.salonId)} <span className="text-muted">· {roleName(a.roleId)}</span>
                  </li>
                ))}
              </ul>
            </div>
            <span className="hidden lg:inline-flex">
              <EmployeeStatusBadge status={e.status} />
            </span>
            <ChevronRight aria-hidden className="hidden size-5 shrink-0 text-muted sm:block" />
          </li>
        )
      })}
    </ul>
  )
}

export function EmployeeListSkeleton() {
  const { t } = useTranslation()
  return <ListSkeleton rows={4} label={t('common.loading')} />
}
