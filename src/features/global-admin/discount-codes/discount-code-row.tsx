import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { AdminDiscountCode } from '../../../../contract/global-billing'
import { Badge, formatDate, formatNumber } from '../../../ui'
import { useDiscountText } from './discount-format'

/** One code: its discount, where and when it applies, how often it was used, and how long it lasts. */
export function DiscountCodeRow({ code, actions }: { code: AdminDiscountCode; actions: ReactNode }) {
  const { t } = useTranslation()
  const locale = t('common.locale')
  const text = useDiscountText()
  const validity =
    code.validFrom || code.expiresAt
      ? `${code.validFrom ? formatDate(code.validFrom) : '…'} – ${code.expiresAt ? formatDate(code.expiresAt) : '…'}`
      : t('global-discount-codes.always')
  const used =
    code.maxRedemptions === null
      ? t('global-discount-codes.usedNoMax', { used: code.redemptions })
      : t('global-discount-codes.usedOf', { used: code.redemptions, max: code.maxRedemptions })
  return (
    <li className="flex flex-col gap-3 px-4 py-4 md:px-5" data-testid="discount-code-row" data-code={code.code}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-mono font-medium text-ink [overflow-wrap:anywhere]">{code.code}</span>
            <Badge tone={code.active ? 'success' : 'neutral'}>
              {code.active ? t('global-discount-codes.isActive') : t('global-discount-codes.isInactive')}
            </Badge>
          </div>
          <span className="text-sm text-ink" data-testid="discount-value">
            {t(`global-discount-codes.types.${code.type}`)} · {text.value(code)}
          </span>
        </div>
        <div className="flex flex-wrap gap-2">{actions}</div>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-5">
        <div>
          <dt className="text-muted">{t('global-discount-codes.appliesTo')}</dt>
          <dd className="text-ink [overflow-wrap:anywhere]">
            {code.appliesTo.length ? code.appliesTo.join(', ') : t('global-discount-codes.allPlans')}
          </dd>
        </div>
        <div>
          <dt className="text-muted">{t('global-discount-codes.valid')}</dt>
          <dd className="text-ink">{validity}</dd>
        </div>
        <div>
          <dt className="text-muted">{t('global-discount-codes.redemptions')}</dt>
          <dd className="text-ink" data-testid="discount-used">
            {used}
          </dd>
        </div>
        <div>
          <dt className="text-muted">{t('global-discount-codes.perOrganisation')}</dt>
          <dd className="text-ink">{formatNumber(code.maxPerOrganisation, locale)}</dd>
        </div>
        <div>
          <dt className="text-muted">{t('global-discount-codes.duration')}</dt>
          <dd className="text-ink">{text.duration(code)}</dd>
        </div>
      </dl>
    </li>
  )
}
