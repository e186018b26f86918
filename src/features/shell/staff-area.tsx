import { useRouter } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { STORAGE_KEYS } from '../../../contract/enums'
import { Skeleton } from '../../ui/feedback'
import { NotFoundPage } from '../app/not-found'
import { AuthLayout } from '../auth/auth-layout'
import { EmployeeSignInPage } from '../auth/employee-sign-in-page'
import { useEmployeeSession } from '../auth/session'
import { movedPath, usePublicOrganisation } from '../customer-area/use-public-organisation'
import { SyncProvider } from '../sync/sync-provider'
import { StaffShell } from './staff-shell'

/** `/{slug}/admin/*`: the staff shell when this organisation's employee is signed in, else sign-in. */
export function StaffArea({ slug }: { slug: string }) {
  const session = useEmployeeSession()
  const router = useRouter()
  // The organisation this shell was showing: when its web address changes under it (the settings
  // screen saved a new one, or a refresh brought it), the shell stays and only the address moves.
  const shown = useRef<{ slug: string; organisationId: string } | null>(null)
  const newSlug = session?.employee.organisationSlug
  const moved =
    !!session &&
    newSlug !== slug &&
    shown.current?.slug === slug &&
    shown.current.organisationId === session.employee.organisationId
  const mine = session && (newSlug === slug || moved) ? session : null

  useEffect(() => {
    if (mine && !moved) shown.current = { slug, organisationId: mine.employee.organisationId }
    if (mine) localStorage.setItem(STORAGE_KEYS.slug, mine.employee.organisationSlug)
  }, [mine, moved, slug])
  useEffect(() => {
    const to = moved && newSlug ? movedPath(window.location.href, slug, newSlug) : null
    if (to) router.history.replace(to)
  }, [moved, newSlug, slug, router])

  if (!mine) return <StaffSignIn slug={slug} />
  return (
    <SyncProvider>
      <StaffShell session={mine} slug={slug} />
    </SyncProvider>
  )
}

function StaffSignIn({ slug }: { slug: string }) {
  const { t } = useTranslation()
  const session = useEmployeeSession()
  const org = usePublicOrganisation(slug)
  if (org.status === 'notFound') return <NotFoundPage />
  if (org.status === 'loading')
    return (
      <AuthLayout title={t('auth.staffSignInTitle')} brand={<Skeleton className="h-6 w-32" />}>
        <Skeleton className="h-40 w-full" />
      </AuthLayout>
    )
  // Offline or unreachable: the form still works once the connection returns.
  const name = org.status === 'found' ? org.organisation.companyName : undefined
  const other = session && session.employee.organisationSlug !== slug ? session.employee.organisationName : null
  return (
    <EmployeeSignInPage
      slug={slug}
      organisationName={name}
      stayOnPage
      notice={other ? t('auth.signedInElsewhere', { name: other }) : undefined}
    />
  )
}
