import { Link, Navigate } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { v7 as uuidv7 } from 'uuid'
import type { Questionnaire } from '../../../contract/questionnaires'
import { api } from '../../api/client'
import { Button, FormError, Skeleton } from '../../ui'
import { setSession, useSession } from '../auth/session'
import { usePublicOrganisation } from '../customer-area/use-public-organisation'
import { customerQuestionnaire, submitAsCustomer, uploadImage } from './customer-source'
import { FillForm } from './fill-form'
import { clearShortcutTarget } from './shortcut-target'
import { useFlushOnReconnect } from './use-flush'

/** The salon's name, remembered per web address so an offline reload still shows it. */
function useSalonName(slug: string) {
  const org = usePublicOrganisation(slug)
  const key = `fill-org:${slug}`
  const name = org.status === 'found' ? org.organisation.companyName : localStorage.getItem(key)
  useEffect(() => {
    if (org.status === 'found') localStorage.setItem(key, org.organisation.companyName)
  }, [org, key])
  return name ?? ''
}

/** `/{slug}/questionnaire/{id}`: a signed-in customer fills a questionnaire (online or offline). */
export function CustomerQuestionnairePage({ slug, questionnaireId }: { slug: string; questionnaireId: string }) {
  const { t } = useTranslation()
  const session = useSession('customer')
  const salonName = useSalonName(slug)
  const [state, setState] = useState<{ q: Questionnaire | null; error?: boolean } | undefined>()
  const [sent, setSent] = useState(true)
  useFlushOnReconnect(session?.token ?? null)
  const orgId = session?.customer.organisationId
  const token = session?.token

  // The shortcut that led here is used up (the dashboard must not send the customer back).
  useEffect(clearShortcutTarget, [])
  useEffect(() => {
    if (!orgId || !token) return
    customerQuestionnaire({ orgId, token }, questionnaireId)
      .then((q) => setState({ q }))
      .catch(() => setState({ q: null, error: true }))
  }, [orgId, token, questionnaireId])

  if (!session || !orgId || !token) return <Navigate to="/$slug" params={{ slug }} replace />
  if (!state) return <Skeleton className="m-8 h-40" />
  if (!state.q)
    return (
      <div className="mx-auto max-w-xl p-8">
        <FormError text={t(state.error ? 'errors.NETWORK' : 'questionnaire-fill.notAvailable')} />
      </div>
    )

  const signOut = async () => {
    setSession('customer', null)
    await api('/authentication/logout', { method: 'POST', token }).catch(() => undefined)
  }
  const thankYou = (
    <div className="mx-auto flex min-h-dvh max-w-xl flex-col justify-center gap-6 px-6 text-center">
      <p className="text-base text-muted">{salonName}</p>
      <h1 className="text-4xl font-semibold text-ink">{t('questionnaire-fill.thankYouTitle')}</h1>
      <p className="text-lg text-ink">
        {t(sent ? 'questionnaire-fill.thankYouText' : 'questionnaire-fill.thankYouQueued')}
      </p>
      <Link
        to="/$slug"
        params={{ slug }}
        className="flex min-h-14 items-center justify-center rounded-xl bg-primary-dark px-6 text-lg font-medium text-white"
      >
        {t('questionnaire-fill.toDashboard')}
      </Link>
      <Button variant="secondary" size="lg" className="min-h-14" onClick={signOut}>
        {t('questionnaire-fill.signOut')}
      </Button>
    </div>
  )
  const customerId = session.customer.id
  return (
    <FillForm
      questionnaire={state.q}
      customerId={customerId}
      salonName={salonName}
      upload={(file) => uploadImage(orgId, token, file)}
      onSubmit={async (answers) => {
        const ok = await submitAsCustomer(
          { orgId, token, customerId },
          { id: uuidv7(), questionnaireId, answers },
        ).catch(() => false)
        setSent(ok)
      }}
      thankYou={thankYou}
    />
  )
}
