import { Link } from '@tanstack/react-router'
import { Ban, TriangleAlert } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { useCan } from '../auth/use-can'
import { PLANS_PATH } from './paths'
import { useSubscriptionAccess } from './use-subscription-access'

/**
 * Spec §10: "Expired subscription: employees are told to contact the administrator. Admins are
 * told to purchase a new subscription." At the top of every staff screen while the organisation is
 * read-only; the screens below stay readable. A suspended organisation (issue 23) is told so instead.
 */
export function ExpiredBanner({ slug }: { slug: string }) {
  const { t } = useTranslation()
  const access = useSubscriptionAccess()
  const mayBuy = useCan('subscription.manage')
  if (access?.access !== 'readOnly') return null
  // Issue 23: suspended by the platform's administrators; buying does not lift it.
  if (access.suspended)
    return (
      <section
        aria-labelledby="organisation-suspended-title"
        data-testid="organisation-suspended"
        className="mb-6 flex flex-wrap items-start gap-3 rounded-2xl border border-[#eec5c1] bg-[#f8e7e5] p-4 text-[#6e2420] md:p-5"
      >
        <Ban aria-hidden className="mt-0.5 size-5 shrink-0" />
        <div className="flex min-w-0 flex-1 basis-56 flex-col gap-1">
          <h2 id="organisation-suspended-title" className="text-base font-semibold">
            {t('subscription.suspended.title')}
          </h2>
          <p className="text-sm">{t('subscription.suspended.text')}</p>
        </div>
      </section>
    )
  return (
    <section
      aria-labelledby="subscription-expired-title"
      data-testid="subscription-expired"
      className="mb-6 flex flex-wrap items-start gap-3 rounded-2xl border border-[#ecd6a4] bg-[#fbf1dc] p-4 text-[#5c3d06] md:p-5"
    >
      <TriangleAlert aria-hidden className="mt-0.5 size-5 shrink-0" />
      <div className="flex min-w-0 flex-1 basis-56 flex-col gap-1">
        <h2 id="subscription-expired-title" className="text-base font-semibold">
          {mayBuy ? t('subscription.expired.admin') : t('subscription.expired.employee')}
        </h2>
        <p className="text-sm">{t('subscription.expired.readOnly')}</p>
      </div>
      {mayBuy && (
        <Link
          to={PLANS_PATH}
          params={{ slug }}
          className="inline-flex min-h-11 items-center rounded-lg bg-primary-dark px-4 text-sm font-medium text-white"
        >
          {t('subscription.expired.buy')}
        </Link>
      )}
    </section>
  )
}
