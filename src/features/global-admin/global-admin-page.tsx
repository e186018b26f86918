import { LogOut, ShieldCheck, WifiOff } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { API, call } from '../../api/client'
import { Button, EmptyState } from '../../ui'
import { useOnline } from '../app/use-online'
import { AuthLayout } from '../auth/auth-layout'
import { setSession, useSession } from '../auth/session'
import { GlobalSignIn } from './sign-in/global-sign-in'

/** `/global-admin`: platform administrators; online only (ARCHITECTURE: says so plainly offline). */
export function GlobalAdminPage() {
  const { t } = useTranslation()
  const session = useSession('globalAdmin')
  const online = useOnline()

  if (!online)
    return (
      <AuthLayout title={t('global-admin.title')}>
        <div role="status" className="flex items-start gap-3 rounded-xl bg-primary-light px-4 py-4 text-sm text-ink">
          <WifiOff aria-hidden className="mt-0.5 size-5 shrink-0 text-primary-dark" />
          {t('global-admin.offline')}
        </div>
      </AuthLayout>
    )
  if (!session) return <GlobalSignIn />

  const onSignOut = async () => {
    setSession('globalAdmin', null)
    await call(API.auth.logout, { token: session.token }).catch(() => undefined)
  }
  return (
    <div className="flex h-full flex-col bg-canvas">
      <header className="flex items-center justify-between gap-4 border-b border-line bg-white px-6 py-3">
        <p className="font-display text-lg text-ink">{t('global-admin.title')}</p>
        <div className="flex items-center gap-3">
          <span className="hidden text-sm text-muted sm:inline">{session.admin.email}</span>
          <Button variant="secondary" onClick={onSignOut}>
            <LogOut aria-hidden className="size-4" />
            {t('common.signOut')}
          </Button>
        </div>
      </header>
      <main className="flex-1 overflow-y-auto p-6">
        <EmptyState
          icon={<ShieldCheck aria-hidden className="size-6" />}
          title={t('global-admin.welcome', { name: session.admin.name })}
          description={t('global-admin.emptyText')}
        />
      </main>
    </div>
  )
}
