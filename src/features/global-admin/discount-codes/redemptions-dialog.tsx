import { Link } from '@tanstack/react-router'
import { TicketPercent } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { AdminDiscountCode } from '../../../../contract/global-billing'
import { API } from '../../../api/client'
import { useApiQuery } from '../../../api/query'
import { Button, EmptyState, formatDateTime, formatMoney, Modal } from '../../../ui'
import { GlobalAnswer } from '../global-states'

/** Who used a code: per organisation (linked to its screen), how often, when, and the discount given. */
export function RedemptionsDialog({
  open,
  code,
  onClose,
}: {
  open: boolean
  code: AdminDiscountCode | null
  onClose: () => void
}) {
  const { t } = useTranslation()
  const locale = t('common.locale')
  const query = useApiQuery(
    API.globalDiscountCodes.redemptions,
    code ? { as: 'globalAdmin', params: { id: code.id } } : null,
  )
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('global-discount-codes.redemptionsTitle', { code: code?.code ?? '' })}
      footer={
        <Button variant="secondary" onClick={onClose}>
          {t('common.close')}
        </Button>
      }
    >
      <div data-testid="discount-redemptions">
        <GlobalAnswer query={query} rows={2}>
          {(rows) =>
            rows.length === 0 ? (
              <EmptyState
                icon={<TicketPercent aria-hidden className="size-6" />}
                title={t('global-discount-codes.noRedemptionsTitle')}
                description={t('global-discount-codes.noRedemptionsText')}
              />
            ) : (
              <ul className="flex flex-col divide-y divide-line">
                {rows.map((r) => (
                  <li key={r.organisation.id} className="flex flex-col gap-1 py-3 text-sm" data-testid="redemption-row">
                    <Link
                      to="/global-admin/organisations/$id"
                      params={{ id: r.organisation.id }}
                      className="font-medium text-primary-dark underline underline-offset-2 [overflow-wrap:anywhere]"
                    >
                      {r.organisation.name}
                    </Link>
                    <span className="text-muted">
                      {r.count === 1
                        ? t('global-discount-codes.redeemedOnce', { date: formatDateTime(r.first) })
                        : t('global-discount-codes.redeemedTimes', {
                            count: r.count,
                            first: formatDateTime(r.first),
                            last: formatDateTime(r.last),
                          })}
                    </span>
                    <span className="text-ink">
                      {t('global-discount-codes.discountGiven', { amount: formatMoney(r.discountCents, locale) })}
                    </span>
                  </li>
                ))}
              </ul>
            )
          }
        </GlobalAnswer>
      </div>
    </Modal>
  )
}
