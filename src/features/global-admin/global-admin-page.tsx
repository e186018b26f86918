import { Link, Outlet } from '@tanstack/react-router'
import { LogOut, ShieldCheck, WifiOff } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { API, call } from '../../api/client'
import { Button, cx } from '../../ui'
import { useOnline } from '../app/use-online'
import { AuthLayout } from '../auth/auth-layout'
import { setSession, useSession } from '../auth/session'
import { useNarrow } from '../shell/use-narrow'
import { GlobalSignIn } from './sign-in/global-sign-in'
import { GLOBAL_ADMIN_SECTIONS } from './sections'

/**
 * `/global-admin/*`: the platform administrators' area (issue 23). Online only (ARCHITECTURE:
 * it says so plainly offline); signed out it is the global sign-in; signed in, the sections
 * (sections.tsx) beside the screen, the admin's address and sign-out above it.
 */
export function GlobalAdminPage() {
  const { t } = useTranslation()
  const session = useSession('globalAdmin')
  const online = useOnline()
  const narrow = useNarrow()

  if (!session) {
    if (!online) return <OfflineNotice />
    return <GlobalSignIn />
  }
  const onSignOut = async () => {
    setSession('globalAdmin', null)
    await call(API.auth.logout, { token: session.token }).catch(() => undefined)
  }
  return (
    <div className="flex h-full overflow-hidden bg-canvas" data-testid="global-admin-shell">
      <nav
        aria-label={t('global-admin.navigation')}
        className={cx(
          'flex shrink-0 flex-col items-stretch gap-1 border-r border-line bg-white py-3',
          narrow ? 'w-[45px]' : 'w-[120px] px-2',
        )}
      >
        <div
          className="mb-3 flex min-h-11 items-center justify-center text-primary-dark"
          title={t('global-admin.title')}
        >
          <ShieldCheck aria-hidden className="size-6" />
        </div>
        {GLOBAL_ADMIN_SECTIONS.map((s) => {
          const Icon = s.icon
          const label = t(s.labelKey)
          return (
            <Link
              key={s.to}
              to={s.to}
              title={narrow ? label : undefined}
              aria-label={narrow ? label : undefined}
              className={cx(
                'flex flex-col items-center justify-center gap-1 rounded-lg text-muted transition hover:bg-primary-lighter hover:text-ink',
                narrow ? 'min-h-11 py-2' : 'min-h-16 px-1 py-2.5',
              )}
              activeProps={{ className: 'bg-primary-light !text-primary-dark font-medium' }}
            >
              <Icon aria-hidden className="size-5" strokeWidth={1.75} />
              {!narrow && <span className="text-center text-xs">{label}</span>}
            </Link>
          )
        })}
      </nav>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex items-center justify-between gap-3 border-b border-line bg-white px-4 py-2 md:px-6">
          <p className="truncate font-display text-lg text-ink" title={t('global-admin.title')}>
            {t('global-admin.title')}
          </p>
          <div className="flex min-w-0 items-center gap-3">
            <span
              className="hidden truncate text-sm text-muted sm:inline"
              title={session.admin.email}
              data-testid="global-admin-email"
            >
              {session.admin.email}
            </span>
            <Button variant="secondary" onClick={onSignOut} aria-label={narrow ? t('common.signOut') : undefined}>
              <LogOut aria-hidden className="size-4" />
              {!narrow && t('common.signOut')}
            </Button>
          </div>
        </header>
        <main className="flex-1 overflow-y-auto p-4 md:p-6">
          {online ? (
            <Outlet />
          ) : (
            <div
              role="status"
              className="mx-auto flex max-w-xl items-start gap-3 rounded-xl bg-primary-light px-4 py-4 text-sm text-ink"
            >
              <WifiOff aria-hidden className="mt-0.5 size-5 shrink-0 text-primary-dark" />
              {t('global-admin.offline')}
            </div>
          )}
        </main>
      </div>
    </div>
  )
}

function OfflineNotice() {
  const { t } = useTranslation()
  return (
    <AuthLayout title={t('global-admin.title')}>
      <div role="status" className="flex items-start gap-3 rounded-xl bg-primary-light px-4 py-4 text-sm text-ink">
        <WifiOff aria-hidden className="mt-0.5 size-5 shrink-0 text-primary-dark" />
        {t('global-admin.offline')}
      </div>
    </AuthLayout>
  )
}
