import { CloudOff, RefreshCw, ShieldAlert, ShieldCheck } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { EvidenceVerification } from '../../../../contract/consent-evidence'
import { Button, Skeleton, useApiErrorMessage } from '../../../ui'
import { useOnline } from '../../app/use-online'
import { useCan } from '../../auth/use-can'
import { useReplica } from '../../sync/replica-context'
import { API } from '../../../api/client'
import { useApiQuery } from '../../../api/query'

type State = { kind: 'loading' } | { kind: 'done'; report: EvidenceVerification } | { kind: 'failed'; message: string }

/**
 * The evidence chain's state for the organisation's owner (issue 12), on the documents screen:
 * "N records, chain intact", or the positions whose link is broken. The server recomputes the
 * whole chain, so this needs a connection; it checks once when shown and on "Check again".
 */
export function ChainStatus() {
  const { t } = useTranslation()
  const online = useOnline()
  const replica = useReplica()
  const may = useCan('organisation.manage')
  const errorText = useApiErrorMessage()
  const orgId = replica?.orgId
  // Checked once when shown (and when the connection returns), again on "Check again".
  const q = useApiQuery(API.consentEvidence.verification, may && online && orgId ? { params: { org: orgId } } : null, {
    retry: false,
  })
  const check = () => void q.refetch()
  const state: State =
    q.isFetching || (!q.data && !q.isError)
      ? { kind: 'loading' }
      : q.isError
        ? { kind: 'failed', message: errorText(q.error) }
        : { kind: 'done', report: q.data as EvidenceVerification }

  if (!may || !orgId) return null

  let body: React.ReactNode
  if (!online) {
    body = (
      <p className="flex items-center gap-2 text-sm text-muted">
        <CloudOff aria-hidden className="size-4 shrink-0" /> {t('consent-evidence.chainOffline')}
      </p>
    )
  } else if (state.kind === 'loading') {
    body = (
      <div
        role="status"
        aria-busy="true"
        aria-label={t('consent-evidence.chainChecking')}
        className="flex flex-col gap-2"
      >
        <Skeleton className="h-5 w-56" />
        <Skeleton className="h-4 w-40" />
      </div>
    )
  } else if (state.kind === 'failed') {
    body = (
      <p role="alert" className="text-sm text-[#8f302b]">
        {state.message}
      </p>
    )
  } else {
    const r = state.report
    body = r.intact ? (
      <p className="flex items-start gap-2 text-sm text-ink" data-testid="consent-chain-intact">
        <ShieldCheck aria-hidden className="mt-0.5 size-5 shrink-0 text-[#33653c]" />
        <span>
          {t('consent-evidence.chainIntact', { count: r.records })}
          {r.erased > 0 && (
            <span className="text-muted"> {t('consent-evidence.chainErased', { count: r.erased })}</span>
          )}
        </span>
      </p>
    ) : (
      <div role="alert" className="flex items-start gap-2 text-sm text-[#8f302b]" data-testid="consent-chain-broken">
        <ShieldAlert aria-hidden className="mt-0.5 size-5 shrink-0" />
        <div className="flex flex-col gap-1">
          <p className="font-medium">
            {t('consent-evidence.chainBroken', {
              count: new Set(r.breaks.map((b) => b.position)).size,
              positions: [...new Set(r.breaks.map((b) => b.position))].join(', '),
            })}
          </p>
          <ul className="list-disc pl-5 text-xs">
            {r.breaks.map((b) => (
              <li key={`${b.position}-${b.reason}`}>
                {t('consent-evidence.breakLine', {
                  position: b.position,
                  reason: t(`consent-evidence.reasons.${b.reason}`),
                })}
              </li>
            ))}
          </ul>
          <p className="text-xs text-ink">{t('consent-evidence.chainBrokenAdvice')}</p>
        </div>
      </div>
    )
  }

  return (
    <section
      aria-labelledby="consent-chain-title"
      className="flex flex-wrap items-start justify-between gap-3 rounded-2xl border border-line bg-white p-4"
    >
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <h2 id="consent-chain-title" className="font-display text-lg text-ink">
          {t('consent-evidence.chainTitle')}
        </h2>
        {body}
      </div>
      <Button variant="ghost" disabled={!online || state.kind === 'loading'} onClick={check}>
        <RefreshCw aria-hidden className="size-4" /> {t('consent-evidence.checkAgain')}
      </Button>
    </section>
  )
}
