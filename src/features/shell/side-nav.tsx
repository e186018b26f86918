import { Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import type { EmployeeMe } from '../../../contract/auth'
import { cx } from '../../ui/cx'
import { useOrganisationBranding } from '../organisation/branding'
import { SalonLogo } from '../organisation/salon-logo'
import { useNavItems } from './use-screen-access'

/** Side navigation: 120 px with labels, 45 px icons only (condensed mode or narrow screens). */
export function SideNav({ employee, slug, compact }: { employee: EmployeeMe; slug: string; compact: boolean }) {
  const { t } = useTranslation()
  const items = useNavItems()
  const branding = useOrganisationBranding(employee.organisationId, 'employee')
  return (
    <nav
      aria-label={t('shell.navigation')}
      data-testid="side-nav"
      className={cx(
        'flex min-h-0 shrink-0 flex-col items-stretch gap-1 overflow-y-auto border-r border-line bg-white py-3 transition-[width] duration-200',
        compact ? 'w-[45px] px-0' : 'w-[120px] px-2',
      )}
    >
      <div
        title={employee.organisationName}
        className={cx(
          'mb-3 flex min-h-11 items-center justify-center text-center font-display leading-tight text-primary-dark',
          compact ? 'text-lg' : 'text-sm',
        )}
      >
        {/* The organisation's own logo when it has one (kept for offline use), else its name: the
            staff see whose area they work in, not the app's word. A long name wraps (at most three
            lines) and says itself in full on hover. */}
        <SalonLogo
          name={employee.organisationName}
          logoUrl={branding?.logoUrl}
          imageClassName={compact ? 'max-h-9 max-w-[41px]' : 'max-h-11 max-w-[104px]'}
          className={compact ? undefined : 'line-clamp-3 break-words [overflow-wrap:anywhere]'}
          fallback={
            compact ? (
              <>
                <span aria-hidden>{employee.organisationName.slice(0, 1)}</span>
                <span className="sr-only">{employee.organisationName}</span>
              </>
            ) : undefined
          }
        />
      </div>
      {items.map((item) => {
        const Icon = item.icon
        const label = t(`shell.nav.${item.key}`)
        return (
          <Link
            key={item.key}
            to={item.to}
            params={{ slug }}
            title={compact ? label : undefined}
            aria-label={compact ? label : undefined}
            className={cx(
              'flex flex-col items-center justify-center gap-1 rounded-lg text-muted transition hover:bg-primary-lighter hover:text-ink',
              compact ? 'min-h-11 py-2' : 'min-h-16 px-1 py-2.5',
            )}
            activeProps={{ className: 'bg-primary-light !text-primary-dark font-medium' }}
          >
            <Icon aria-hidden className="size-5" strokeWidth={1.75} />
            {!compact && <span className="text-xs">{label}</span>}
          </Link>
        )
      })}
    </nav>
  )
}
