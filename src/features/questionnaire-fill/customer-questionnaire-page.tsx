import { Navigate } from '@tanstack/react-router'
import { useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { v7 as uuidv7 } from 'uuid'
import { forCustomer, type Questionnaire } from '../../../contract/questionnaires'
import { Skeleton } from '../../ui'
import { useSession } from '../auth/session'
import { useCustomerBrand } from '../organisation/use-customer-brand'
import { useCustomerReplica } from './customer-replica'
import { useCustomerSignOut } from './customer-sign-out'
import { customerQuestionnaire, submitAsCustomer } from './customer-source'
import { FillForm } from './fill-form'
import { LinkProblem } from './link-problem'
import { clearShortcutTarget } from './shortcut-target'
import { ThankYou } from './thank-you'

/** `/{slug}/questionnaire/{id}`: a signed-in customer fills a questionnaire (online or offline). */
export function CustomerQuestionnairePage({ slug, questionnaireId }: { slug: string; questionnaireId: string }) {
  const { t } = useTranslation()
  const session = useSession('customer')
  const brand = useCustomerBrand(slug)
  const salonName = brand.name
  const sync = useCustomerReplica(session)
  const signOut = useCustomerSignOut(sync)
  const [loaded, setState] = useState<{ q: Questionnaire | null; error?: boolean } | undefined>()
  // The copy stored on the phone may predate the server's filter: staff-only questions never show.
  const state = useMemo(() => loaded && { ...loaded, q: loaded.q && forCustomer(loaded.q) }, [loaded])
  const [submitted, setSubmitted] = useState<string | null>(null)

  // The shortcut that led here is used up (the dashboard must not send the customer back).
  useEffect(clearShortcutTarget, [])
  const db = sync?.db
  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once per database, not on every render's new `sync` object
  useEffect(() => {
    if (!sync) return
    let live = true
    // The stored copy shows at once (also offline); the server's current one replaces it.
    void sync.db.questionnaires.get(questionnaireId).then((q) => live && q && setState((s) => s ?? { q }))
    customerQuestionnaire(sync, questionnaireId)
      .then((q) => live && setState({ q }))
      .catch(() => live && setState((s) => (s?.q ? s : { q: null, error: true })))
    return () => {
      live = false
    }
  }, [db, questionnaireId])

  if (!session || !sync) return <Navigate to="/$slug" params={{ slug }} replace />
  if (!state) return <Skeleton className="m-8 h-40" />
  if (!state.q)
    return (
      <LinkProblem
        problem={state.error ? { kind: 'offline' } : { kind: 'notFound' }}
        salonName={salonName}
        slug={slug}
        salonLinkText={t('questionnaire-fill.link.toMyQuestionnaires')}
        notFound={{
          title: t('questionnaire-fill.link.closedTitle'),
          text: t('questionnaire-fill.link.closedText', { salon: salonName }),
        }}
      />
    )

  return (
    <>
      <FillForm
        questionnaire={state.q}
        customerId={sync.customerId}
        salonName={salonName}
        salonLogoUrl={brand.logoUrl}
        db={sync.db}
        onSubmit={async (answers) => {
          setSubmitted(await submitAsCustomer(sync, { id: uuidv7(), questionnaireId, answers }))
        }}
        thankYou={
          <ThankYou
            sync={sync}
            slug={slug}
            salonName={salonName}
            submissionId={submitted}
            onSignOut={signOut.request}
          />
        }
      />
      {signOut.dialog}
    </>
  )
}
