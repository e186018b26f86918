import { Link } from '@tanstack/react-router'
import { MessageCircleWarning } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { useCan } from '../auth/use-can'
import { CREDITS_PATH } from './paths'
import { useCreditBalance } from './use-credits'

/**
 * Issue 23 (research §7 D4): for the organisation's admins (who may read billing), at the top of
 * every staff screen once the WhatsApp balance crossed below the threshold, until a top-up. The
 * owner got the same news by e-mail, once.
 */
export function LowCreditsBanner({ slug }: { slug: string }) {
  const { t } = useTranslation()
  const admin = useCan('subscription.read')
  const mayBuy = useCan('subscription.manage')
  const balance = useCreditBalance(admin)
  if (!admin || !balance?.warning) return null
  return (
    <section
      aria-labelledby="low-credits-title"
      data-testid="low-credits"
      className="mb-6 flex flex-wrap items-start gap-3 rounded-2xl border border-[#ecd6a4] bg-[#fbf1dc] p-4 text-[#5c3d06] md:p-5"
    >
      <MessageCircleWarning aria-hidden className="mt-0.5 size-5 shrink-0" />
      <div className="flex min-w-0 flex-1 basis-56 flex-col gap-1">
        <h2 id="low-credits-title" className="text-base font-semibold">
          {t('whatsapp-credits.banner.title')}
        </h2>
        <p className="text-sm">{t('whatsapp-credits.banner.text', { count: balance.balance })}</p>
      </div>
      {mayBuy && (
        <Link
          to={CREDITS_PATH}
          params={{ slug }}
          className="inline-flex min-h-11 items-center rounded-lg bg-primary-dark px-4 text-sm font-medium text-white"
        >
          {t('whatsapp-credits.banner.buy')}
        </Link>
      )}
    </section>
  )
}
