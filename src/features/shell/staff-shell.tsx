import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Truncated } from '../../ui/truncated'
import type { EmployeeSession } from '../../../contract/auth'
import { refreshEmployee } from '../auth/employee-auth'
import { EmailConfirmation } from '../email-confirmation/email-confirmation'
import { ImpersonationBanner } from '../global-admin/impersonation/impersonation-banner'
import { getSession } from '../auth/session'
import { StorageNotice } from '../sync/storage-notice'
import { SyncStatusPill } from '../sync/sync-status-pill'
import { useCondensedMode } from '../theme/theme'
import { BranchSwitcher } from './branch-switcher'
import { initials } from './initials'
import { lazyOnOpen } from '../app/lazy-on-open'
import { HelpLink } from './help-link'
import { GuardedOutlet } from './route-guard'
import { SideNav } from './side-nav'
import { ExpiredBanner } from '../subscription/expired-banner'
import { LowCreditsBanner } from '../whatsapp-credits/low-credits-banner'
import { useUpgradeTarget } from '../subscription/use-subscription-access'
import { useNarrow } from './use-narrow'

/** Opened by a click: the profile's forms (kiosk PIN, password) load then, not with every screen. */
const ProfileDrawer = lazyOnOpen(() => import('./profile-drawer'), 'ProfileDrawer')

/** The staff area's frame: side navigation, header (branch, sync, profile), scrolling content. */
export function StaffShell({ session, slug }: { session: EmployeeSession; slug: string }) {
  const { t } = useTranslation()
  const condensed = useCondensedMode()
  const narrow = useNarrow()
  const [profileOpen, setProfileOpen] = useState(false)
  useRefreshEmployee(session)
  useUpgradeTarget(slug)
  const { employee } = session

  return (
    <div className="flex h-full bg-canvas">
      <SkipLink />
      <SideNav employee={employee} slug={slug} compact={condensed || narrow} />
      <div className="flex min-w-0 flex-1 flex-col">
        <ImpersonationBanner session={session} />
        <header className="flex h-16 shrink-0 items-center justify-between gap-3 border-b border-line bg-white/80 px-4 backdrop-blur md:px-6">
          <div className="min-w-0">
            <BranchSwitcher employee={employee} />
          </div>
          <div className="flex shrink-0 items-center gap-2">
            <SyncStatusPill />
            <HelpLink slug={slug} />
            <button
              type="button"
              onClick={() => setProfileOpen(true)}
              data-testid="profile-button"
              className="flex min-h-11 items-center gap-2 rounded-full py-1 pr-1 pl-1 hover:bg-primary-lighter md:pl-3"
            >
              {/* The name a screen reader hears holds what is seen (the first name, the initials):
                  a label that replaced them would not match what a voice-control user says. */}
              <span className="sr-only">{t('shell.myProfile')}: </span>
              <Truncated className="hidden max-w-40 text-sm text-ink md:inline" text={employee.firstName} />
              <span className="flex size-9 items-center justify-center rounded-full bg-primary-light text-sm font-medium text-primary-dark">
                {initials(employee)}
              </span>
            </button>
          </div>
        </header>
        <main id="content" tabIndex={-1} className="min-h-0 flex-1 overflow-y-auto px-4 py-6 outline-none md:px-8">
          <ExpiredBanner slug={slug} />
          <LowCreditsBanner slug={slug} />
          <EmailConfirmation />
          <StorageNotice />
          <GuardedOutlet slug={slug} />
        </main>
      </div>
      <ProfileDrawer open={profileOpen} onClose={() => setProfileOpen(false)} session={session} />
    </div>
  )
}

/** Keyboard users skip the navigation: the first tab stop, shown only while it has focus. */
function SkipLink() {
  const { t } = useTranslation()
  return (
    <a
      href="#content"
      className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[1400] focus:rounded-lg focus:bg-white focus:px-4 focus:py-3 focus:text-sm focus:font-medium focus:text-primary-dark focus:shadow-lg"
    >
      {t('shell.skipToContent')}
    </a>
  )
}

/** Permissions can change while a tablet stays signed in for weeks: refresh on open and when back online. */
function useRefreshEmployee(session: EmployeeSession) {
  const { token } = session
  useEffect(() => {
    const current = getSession('employee')
    if (!current || current.token !== token) return
    const refresh = () => void refreshEmployee(current)
    refresh()
    window.addEventListener('online', refresh)
    return () => window.removeEventListener('online', refresh)
  }, [token])
}
