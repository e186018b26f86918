import { Link, Navigate } from '@tanstack/react-router'
import { Building2, KeyRound } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { useEmployeeSession } from '../auth/session'

/** `/`: a signed-in employee goes straight to their staff area; anyone else chooses. */
export function OverviewPage() {
  const { t } = useTranslation()
  const session = useEmployeeSession()
  if (session) return <Navigate to="/$slug/admin" params={{ slug: session.employee.organisationSlug }} replace />

  const card =
    'group flex min-h-11 items-start gap-4 rounded-2xl border border-line bg-white p-6 text-left shadow-sm transition hover:border-primary hover:shadow-md'
  return (
    <div
      className="h-full overflow-y-auto bg-canvas bg-cover"
      style={{ backgroundImage: 'url(/error-background.svg)' }}
    >
      <main className="mx-auto flex min-h-full max-w-3xl flex-col justify-center px-5 py-12">
        <p className="font-display text-xl tracking-wide text-primary-dark">{t('common.appName')}</p>
        <h1 className="mt-3 font-display text-4xl text-ink md:text-5xl">{t('overview.title')}</h1>
        <p className="mt-3 max-w-xl text-muted">{t('overview.text')}</p>
        <div className="mt-10 grid gap-4 md:grid-cols-2">
          <Link to="/admin" className={card}>
            <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-primary-light text-primary-dark">
              <KeyRound aria-hidden className="size-5" />
            </span>
            <span>
              <span className="block text-lg font-medium text-ink">{t('overview.staffSignIn')}</span>
              <span className="mt-1 block text-sm text-muted">{t('overview.staffSignInText')}</span>
            </span>
          </Link>
          <Link to="/start" className={card}>
            <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-primary-light text-primary-dark">
              <Building2 aria-hidden className="size-5" />
            </span>
            <span>
              <span className="block text-lg font-medium text-ink">{t('overview.createOrganisation')}</span>
              <span className="mt-1 block text-sm text-muted">{t('overview.createOrganisationText')}</span>
            </span>
          </Link>
        </div>
      </main>
    </div>
  )
}
