import { Navigate } from '@tanstack/react-router'
import { LogOut } from 'lucide-react'
import { type ReactNode, useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import type { CustomerSession } from '../../../contract/auth'
import type { PublicOrganisation } from '../../../contract/organisations'
import { STORAGE_KEYS } from '../../../contract/enums'
import { Button, Skeleton, FormError } from '../../ui'
import { NotFoundPage } from '../app/not-found'
import { AdviceEntry } from '../advice/customer/my-advice-page'
import { DocumentsLink } from '../documents/signing/my-documents-page'
import { AuthLayout } from '../auth/auth-layout'
import { useSession } from '../auth/session'
import { useOrganisationBranding } from '../organisation/branding'
import { SalonLogo } from '../organisation/salon-logo'
import { useCustomerReplica } from '../questionnaire-fill/customer-replica'
import { useCustomerSignOut } from '../questionnaire-fill/customer-sign-out'
import { RefusedEdits } from '../questionnaire-fill/refused-edits'
import { RefusedSubmissions } from '../questionnaire-fill/refused-submissions'
import { OpenQuestionnaires } from '../questionnaire-fill/open-questionnaires'
import { SubmittedQuestionnaires } from '../questionnaire-fill/submitted-questionnaires'
import { shortcutTarget } from '../questionnaire-fill/shortcut-target'
import { CustomerLanguageSwitch } from './customer-language'
import { CustomerSignIn } from './customer-sign-in'
import { usePublicOrganisation } from './use-public-organisation'

/** `/{slug}`: the public organisation area — customer sign-in, then their landing page. */
export function CustomerAreaPage({ slug }: { slug: string }) {
  const { t } = useTranslation()
  const org = usePublicOrganisation(slug)
  const session = useSession('customer')
  const found = org.status === 'found' ? org.organisation : null
  const signedIn = found && session?.customer.organisationId === found.id ? session : null
  // Signed in: the customer's own settings call (kept for offline use); before: the public lookup.
  const settings = useOrganisationBranding(signedIn?.customer.organisationId, 'customer')

  useEffect(() => {
    if (org.status === 'found') localStorage.setItem(STORAGE_KEYS.slug, org.organisation.slug)
  }, [org])

  if (org.status === 'notFound') return <NotFoundPage />
  if (org.status === 'loading')
    return (
      <AuthLayout title={<Skeleton className="h-9 w-48" />} brand={<Skeleton className="h-6 w-32" />}>
        <Skeleton className="h-14 w-full" />
      </AuthLayout>
    )
  if (org.status === 'error')
    return (
      <AuthLayout title={t('customer-area.signInTitle')}>
        <FormError text={t('errors.NETWORK')} />
      </AuthLayout>
    )

  const { organisation } = org
  const mine = session && session.customer.organisationId === organisation.id ? session : null

  const target = shortcutTarget(organisation.slug)
  if (mine && target) {
    // Signed in through a shortcut link: straight on to the questionnaire it was sent for.
    return (
      <Navigate
        to="/$slug/questionnaire/$questionnaireId"
        params={{ slug: organisation.slug, questionnaireId: target.questionnaireId }}
        replace
      />
    )
  }
  const brand = (
    <SalonLogo
      name={settings?.companyName ?? organisation.companyName}
      logoUrl={settings ? settings.logoUrl : organisation.logoUrl}
      imageClassName="max-h-16 max-w-[240px]"
    />
  )
  if (mine) return <CustomerLanding organisation={organisation} session={mine} brand={brand} />

  return (
    <AuthLayout brand={brand} title={t('customer-area.signInTitle')} subtitle={t('customer-area.signInText')}>
      <CustomerSignIn organisationId={organisation.id} initialEmail={target?.email} />
      <div className="mt-7 border-t border-line pt-5">
        <CustomerLanguageSwitch />
      </div>
    </AuthLayout>
  )
}

/** The signed-in customer's landing page: who they are, refused submissions, open and submitted questionnaires. */
function CustomerLanding({
  organisation,
  session: mine,
  brand,
}: {
  organisation: PublicOrganisation
  session: CustomerSession
  brand: ReactNode
}) {
  const { t } = useTranslation()
  const sync = useCustomerReplica(mine)
  const signOut = useCustomerSignOut(sync)
  return (
    <AuthLayout
      brand={brand}
      title={t('customer-area.welcome', { name: mine.customer.firstName })}
      subtitle={t('customer-area.landingText')}
    >
      <div className="flex flex-col gap-5">
        <div className="rounded-xl bg-primary-light px-5 py-4">
          <p className="text-sm text-muted">{t('customer-area.signedInAs')}</p>
          <p className="mt-1 text-lg font-medium text-ink">
            {mine.customer.firstName} {mine.customer.lastName}
          </p>
          <p className="text-sm text-muted">{mine.customer.email}</p>
        </div>
        {sync && <RefusedSubmissions db={sync.db} slug={organisation.slug} customerId={sync.customerId} />}
        {sync && <RefusedEdits db={sync.db} slug={organisation.slug} />}
        {sync && <AdviceEntry slug={organisation.slug} sync={sync} />}
        {sync && <DocumentsLink slug={organisation.slug} />}
        {sync && <OpenQuestionnaires slug={organisation.slug} sync={sync} />}
        {sync && <SubmittedQuestionnaires slug={organisation.slug} sync={sync} />}
        <CustomerLanguageSwitch session={mine} />
        <Button variant="secondary" size="lg" onClick={signOut.request}>
          <LogOut aria-hidden className="size-4" />
          {t('common.signOut')}
        </Button>
      </div>
      {signOut.dialog}
    </AuthLayout>
  )
}
