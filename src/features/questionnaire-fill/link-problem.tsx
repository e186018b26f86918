import { Link } from '@tanstack/react-router'
import { Clock, LinkIcon, WifiOff, TriangleAlert } from 'lucide-react'
import { type ReactNode, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiError } from '../../api/client'
import { Button } from '../../ui'

/** Why a questionnaire link (or the questionnaire behind it) could not be opened. */
export type LinkProblemKind =
  | { kind: 'rateLimited'; retryAt: number }
  | { kind: 'notFound' }
  | { kind: 'offline' }
  | { kind: 'failed' }

/** An error from opening a link → what the customer is told; a 429 without Retry-After waits 15 minutes (the limit's window). */
export function linkProblem(err: unknown, now = Date.now()): LinkProblemKind {
  if (!(err instanceof ApiError)) return { kind: 'failed' }
  if (err.isNetwork) return { kind: 'offline' }
  if (err.status === 429) return { kind: 'rateLimited', retryAt: now + (err.retryAfter ?? 15 * 60) * 1000 }
  if (err.status === 404 || err.status === 400) return { kind: 'notFound' }
  return { kind: 'failed' }
}

type Props = {
  problem: LinkProblemKind
  /** The salon, when known (remembered from an earlier visit, or the signed-in area's). */
  salonName?: string | null
  /** Its customer area (code sign-in and the open questionnaires), when known. */
  slug?: string | null
  onRetry?: () => void
  /** "Not found" in the signed-in area: the questionnaire, not the link. */
  notFound?: { title: string; text: string }
  /** The link to the salon's customer area, worded for where the customer is. */
  salonLinkText?: string
}

/**
 * The page a customer sees when a link does not lead on: what happened, when to try again, the
 * salon's name and a next step, never a bare "not available".
 */
export function LinkProblem({ problem, salonName, slug, onRetry, notFound, salonLinkText }: Props) {
  const { t, i18n } = useTranslation()
  const now = useNow(problem.kind === 'rateLimited')
  const salon = salonName || t('questionnaire-fill.link.theSalon')
  let icon: ReactNode
  let title: string
  let text: string
  let retryReady = true
  if (problem.kind === 'rateLimited') {
    const minutes = Math.max(1, Math.ceil((problem.retryAt - now) / 60_000))
    const time = new Intl.DateTimeFormat(i18n.language, {
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(problem.retryAt)
    retryReady = now >= problem.retryAt
    icon = <Clock aria-hidden className="size-7" />
    title = t('questionnaire-fill.link.rateLimitedTitle')
    text = retryReady
      ? t('questionnaire-fill.link.rateLimitedOver')
      : t('questionnaire-fill.link.rateLimitedText', { time, count: minutes })
  } else if (problem.kind === 'offline') {
    icon = <WifiOff aria-hidden className="size-7" />
    title = t('questionnaire-fill.link.offlineTitle')
    text = t('questionnaire-fill.link.offlineText')
  } else if (problem.kind === 'notFound') {
    icon = <LinkIcon aria-hidden className="size-7" />
    title = notFound?.title ?? t('questionnaire-fill.link.notFoundTitle')
    text = notFound?.text ?? t('questionnaire-fill.link.notFoundText', { salon })
  } else {
    icon = <TriangleAlert aria-hidden className="size-7" />
    title = t('questionnaire-fill.link.failedTitle')
    text = t('questionnaire-fill.link.failedText')
  }
  return (
    <main
      className="mx-auto flex min-h-dvh max-w-xl flex-col justify-center gap-6 px-6 py-10"
      data-testid="link-problem"
    >
      {salonName && <p className="text-base text-muted">{salonName}</p>}
      <span className="flex size-14 items-center justify-center rounded-full bg-primary-light text-primary-dark">
        {icon}
      </span>
      <h1 className="text-3xl font-semibold text-ink">{title}</h1>
      <p className="text-lg text-ink" role="status">
        {text}
      </p>
      <div className="flex flex-col gap-3 sm:flex-row">
        {onRetry && problem.kind !== 'notFound' && (
          <Button size="lg" disabled={!retryReady} onClick={onRetry}>
            {t('questionnaire-fill.link.tryAgain')}
          </Button>
        )}
        {slug && (
          <Link
            to="/$slug"
            params={{ slug }}
            className="inline-flex min-h-12 items-center justify-center rounded-lg border border-line bg-white px-5 font-medium text-primary-dark hover:bg-primary-light"
          >
            {salonLinkText ?? t('questionnaire-fill.link.toSalon', { salon })}
          </Link>
        )}
      </div>
      {!slug && problem.kind !== 'notFound' && (
        <p className="text-base text-muted">{t('questionnaire-fill.link.askSalon', { salon })}</p>
      )}
    </main>
  )
}

/** The clock, ticking every 10 s while a wait is counted down. */
function useNow(ticking: boolean) {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (!ticking) return
    const id = setInterval(() => setNow(Date.now()), 10_000)
    return () => clearInterval(id)
  }, [ticking])
  return now
}
