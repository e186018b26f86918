import { Link } from '@tanstack/react-router'
import { useLiveQuery } from 'dexie-react-hooks'
import { useTranslation } from 'react-i18next'
import type { SyncStatus } from '../../local-db/types'
import { Button } from '../../ui'
import { AdviceLink } from '../advice/customer/my-advice-page'
import { useOnline } from '../app/use-online'
import type { CustomerSync } from './customer-replica'
import { RefusedSubmissions } from './refused-submissions'

type Props = { sync: CustomerSync; slug: string; salonName: string; submissionId: string | null; onSignOut: () => void }

/** After submit: what happened to the answers (sent, waiting for a connection, refused), then dashboard or sign out. */
export function ThankYou({ sync, slug, salonName, submissionId, onSignOut }: Props) {
  const { t } = useTranslation()
  const online = useOnline()
  const state = useLiveQuery(async () => {
    const entry = submissionId ? await sync.db.outbox.where('entityId').equals(submissionId).first() : undefined
    if (!entry) return 'sent'
    if (entry.status === 'needsAttention') return 'refused'
    const status = await sync.db.getMeta<SyncStatus>('status')
    return status && status.state !== 'idle' && status.state !== 'sending' ? 'queued' : 'sending'
  }, [sync.db, submissionId])
  const text =
    state === 'sent'
      ? 'thankYouText'
      : state === 'queued' || (state === 'sending' && !online)
        ? 'thankYouQueued'
        : state === 'sending'
          ? 'thankYouSending'
          : null
  return (
    <div className="mx-auto flex min-h-dvh max-w-xl flex-col justify-center gap-6 px-6 text-center">
      <p className="text-base text-muted">{salonName}</p>
      <h1 className="text-4xl font-semibold text-ink">{t('questionnaire-fill.thankYouTitle')}</h1>
      {text && (
        <p className="text-lg text-ink" role="status">
          {t(`questionnaire-fill.${text}`)}
        </p>
      )}
      <RefusedSubmissions db={sync.db} slug={slug} customerId={sync.customerId} />
      <AdviceLink slug={slug} />
      <Link
        to="/$slug"
        params={{ slug }}
        className="flex min-h-14 items-center justify-center rounded-xl bg-primary-dark px-6 text-lg font-medium text-white"
      >
        {t('questionnaire-fill.toDashboard')}
      </Link>
      <Button variant="secondary" size="lg" className="min-h-14" onClick={onSignOut}>
        {t('questionnaire-fill.signOut')}
      </Button>
    </div>
  )
}
