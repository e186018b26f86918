import { Link } from '@tanstack/react-router'
import { CircleCheck, CircleX, ExternalLink, LoaderCircle, Store } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { Payment } from '../../../contract/subscriptions'
import { API } from '../../api/client'
import { onlineState, useApiQuery } from '../../api/query'
import { formatDate, PageHeader } from '../../ui'
import { useOnline } from '../app/use-online'
import { useCan } from '../auth/use-can'
import { BillingError, BillingOffline, primaryLink, secondaryLink } from './billing-states'
import { InvoiceButton } from './invoice-download'
import { PAYMENTS_PATH, PLANS_PATH, SUBSCRIPTION_PATH } from './paths'
import { refreshBilling, useMoney, useOrgId, usePaymentName } from './use-subscription'
import { CREDITS_PATH } from '../whatsapp-credits/paths'
import { refreshCredits } from '../whatsapp-credits/use-credits'
import { ACADEMY_COURSE_PATH } from '../academy/paths'
import { refreshAcademy } from '../academy/use-academy'
import { pingSync } from '../../local-db/mutations'
import { useReplica } from '../sync/replica-context'

const isFinal = (p: Pick<Payment, 'state'> | undefined) => p?.state === 'confirmed' || p?.state === 'failed'

/** Every 2 s while the provider decides; after about two minutes every 10 s (a bank can take its time). */
const POLL_MS = 2000
const SLOW_POLL_MS = 10_000
const FAST_POLLS = 60

/**
 * `/{slug}/admin/subscription/payments/{paymentId}`: where the provider's checkout sends the
 * owner back (paths.ts). Coming back says nothing about paying: the page asks the server, which
 * fetches the provider's status, until the payment is final — confirmed (the subscription and the
 * invoice) or failed (try again). Spec §4: pending, confirming, confirmed, failed.
 */
export function PaymentReturnPage({ slug, paymentId }: { slug: string; paymentId: string }) {
  const { t } = useTranslation()
  const org = useOrgId()
  const online = useOnline()
  const replica = useReplica()
  const q = useApiQuery(API.subscriptions.payment, org && online ? { params: { org, id: paymentId } } : null, {
    refetchInterval: (query) =>
      isFinal(query.state.data) ? false : query.state.dataUpdateCount > FAST_POLLS ? SLOW_POLL_MS : POLL_MS,
    // Paid or failed changes what every billing screen shows (the subscription, access, payments).
    onData: (payment) => {
      if (!isFinal(payment)) return
      void refreshBilling()
      if (payment.kind === 'whatsappCredits') void refreshCredits()
      // A course bought (issue 24): the catalogue says owned, and the replica fetches it now.
      if (payment.kind === 'paidCourse') {
        void refreshAcademy()
        if (replica) pingSync(replica.db)
      }
    },
  })
  const state = onlineState(q, online)
  return (
    <div className="mx-auto w-full max-w-2xl pb-10">
      <PageHeader title={t('subscription.return.title')} />
      {state.status === 'offline' ? (
        <BillingOffline />
      ) : state.status === 'error' ? (
        <BillingError error={state.error} onRetry={() => void q.refetch()} />
      ) : (
        <div aria-live="polite" data-testid="payment-return">
          <Outcome slug={slug} payment={state.status === 'ready' ? state.data : null} />
        </div>
      )}
    </div>
  )
}

function Panel({
  icon,
  title,
  children,
  state,
}: {
  icon: ReactNode
  title: string
  children: ReactNode
  state: string
}) {
  return (
    <section
      data-state={state}
      data-testid="payment-outcome"
      aria-labelledby="payment-outcome-title"
      className="flex flex-col items-center gap-4 rounded-2xl border border-line bg-white px-6 py-10 text-center shadow-[0_1px_2px_rgba(43,38,35,0.04)]"
    >
      <span className="flex size-14 items-center justify-center rounded-full bg-primary-light text-primary-dark">
        {icon}
      </span>
      <h2 id="payment-outcome-title" className="font-display text-2xl text-ink">
        {title}
      </h2>
      {children}
    </section>
  )
}

/**
 * The spec's "Create branch after subscription purchase": once paid, a plan that allows more
 * branches than the organisation has offers the next step — the branches screen with its create
 * drawer open (`?new=1`). The overview is asked after the payment is final (refreshBilling), so
 * its limits are the new plan's; null is no limit.
 */
function AddBranchStep({ slug }: { slug: string }) {
  const { t } = useTranslation()
  const org = useOrgId()
  const online = useOnline()
  const mayAdd = useCan('salons.manage')
  const q = useApiQuery(API.subscriptions.overview, mayAdd && org && online ? { params: { org } } : null)
  const limit = q.data?.limits.salons
  // Only an answer asked after the payment was final: a cached one may hold the old plan's limits.
  if (!q.data || !q.isFetchedAfterMount || (limit !== null && limit !== undefined && q.data.usage.salons >= limit))
    return null
  return (
    <div
      className="mt-2 flex w-full max-w-md flex-col items-center gap-3 border-t border-line pt-5"
      data-testid="add-branch-step"
    >
      <p className="text-sm text-ink">
        {limit == null
          ? t('subscription.return.addBranchUnlimited')
          : t('subscription.return.addBranchText', { count: limit - q.data.usage.salons })}
      </p>
      <Link to="/$slug/admin/branches" params={{ slug }} search={{ new: true }} className={primaryLink}>
        <Store aria-hidden className="size-4" /> {t('subscription.return.addBranch')}
      </Link>
    </div>
  )
}

function Outcome({ slug, payment }: { slug: string; payment: Payment | null }) {
  const { t } = useTranslation()
  const money = useMoney()
  const paymentName = usePaymentName()
  const mayManage = useCan('subscription.manage')
  // A WhatsApp credits purchase goes back to the credits page (issue 23), a course to the course
  // (issue 24); a plan to the subscription.
  const credits = payment?.kind === 'whatsappCredits'
  const courseId = payment?.kind === 'paidCourse' ? payment.paidCourseId : null
  const summary = payment && (
    <p className="text-sm text-muted">
      {paymentName(payment)} · {money(payment.amountCents)}
    </p>
  )
  if (payment?.state === 'confirmed')
    return (
      <Panel
        state="confirmed"
        icon={<CircleCheck aria-hidden className="size-7" />}
        title={t('subscription.return.confirmed')}
      >
        {summary}
        <p className="max-w-md text-sm text-ink">
          {t(
            credits
              ? 'whatsapp-credits.confirmedText'
              : courseId
                ? 'academy.return.confirmedText'
                : 'subscription.return.confirmedText',
            { date: formatDate(payment.paidAt) },
          )}
        </p>
        <div className="flex flex-wrap justify-center gap-3">
          <InvoiceButton payment={payment} />
          {courseId ? (
            <Link to={ACADEMY_COURSE_PATH} params={{ slug, courseId }} className={primaryLink} data-testid="to-course">
              {t('academy.return.toCourse')}
            </Link>
          ) : credits ? (
            <Link to={CREDITS_PATH} params={{ slug }} className={primaryLink}>
              {t('whatsapp-credits.toCredits')}
            </Link>
          ) : (
            <Link to={SUBSCRIPTION_PATH} params={{ slug }} className={primaryLink}>
              {t('subscription.return.toSubscription')}
            </Link>
          )}
        </div>
        {!credits && !courseId && <AddBranchStep slug={slug} />}
      </Panel>
    )
  if (payment?.state === 'failed')
    return (
      <Panel state="failed" icon={<CircleX aria-hidden className="size-7" />} title={t('subscription.return.failed')}>
        {summary}
        <p className="max-w-md text-sm text-ink">{t('subscription.return.failedText')}</p>
        <div className="flex flex-wrap justify-center gap-3">
          <Link to={PAYMENTS_PATH} params={{ slug }} className={secondaryLink}>
            {t('subscription.payments.title')}
          </Link>
          {mayManage &&
            (courseId ? (
              <Link
                to={ACADEMY_COURSE_PATH}
                params={{ slug, courseId }}
                className={primaryLink}
                data-testid="try-again"
              >
                {t('subscription.return.tryAgain')}
              </Link>
            ) : (
              <Link
                to={credits ? CREDITS_PATH : PLANS_PATH}
                params={{ slug }}
                className={primaryLink}
                data-testid="try-again"
              >
                {t('subscription.return.tryAgain')}
              </Link>
            ))}
        </div>
      </Panel>
    )
  // Not final (or not answered yet): never "paid" on our own.
  const pending = payment?.state === 'pending'
  return (
    <Panel
      state={pending ? 'pending' : 'confirming'}
      icon={<LoaderCircle aria-hidden className="size-7 animate-spin motion-reduce:animate-none" />}
      title={pending ? t('subscription.return.pending') : t('subscription.return.confirming')}
    >
      {summary}
      <p className="max-w-md text-sm text-ink">
        {pending ? t('subscription.return.pendingText') : t('subscription.return.confirmingText')}
      </p>
      {pending && payment?.checkoutUrl && (
        <a href={payment.checkoutUrl} className={primaryLink}>
          {t('subscription.return.toCheckout')} <ExternalLink aria-hidden className="size-4" />
        </a>
      )}
    </Panel>
  )
}
