import { useTranslation } from 'react-i18next'
import { Skeleton } from '../../ui/feedback'
import { NotFoundPage } from '../app/not-found'
import { AuthLayout } from '../auth/auth-layout'
import { EmployeeSignInPage } from '../auth/employee-sign-in-page'
import { useEmployeeSession } from '../auth/session'
import { usePublicOrganisation } from '../customer-area/use-public-organisation'

/** The staff sign-in of this organisation (its name once known); another organisation's session is named. */
export function StaffSignIn({ slug }: { slug: string }) {
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
