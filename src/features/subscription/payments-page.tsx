import { Link } from '@tanstack/react-router'
import { Receipt } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { EmptyState, formatDate, PageHeader, Truncated } from '../../ui'
import { useCan } from '../auth/use-can'
import { BackToSubscription, BillingAnswer, primaryLink } from './billing-states'
import { InvoiceButton } from './invoice-download'
import { PAYMENT_RETURN_PATH, PLANS_PATH } from './paths'
import { PaymentStatus } from './payment-status'
import { useMoney, usePaymentName, usePayments } from './use-subscription'

/**
 * `/{slug}/admin/subscription/payments` (subscription.read): every payment with its amount
 * (VAT included), status and, once paid, the invoice to download. Online only.
 */
export function PaymentsPage({ slug }: { slug: string }) {
  const { t } = useTranslation()
  const money = useMoney()
  const paymentName = usePaymentName()
  const mayManage = useCan('subscription.manage')
  const { state, retry } = usePayments()
  return (
    <div className="mx-auto w-full max-w-4xl pb-10">
      <BackToSubscription slug={slug} />
      <PageHeader title={t('subscription.payments.title')} description={t('subscription.payments.description')} />
      <BillingAnswer state={state} retry={retry} blocks={2}>
        {(list) =>
          list.length === 0 ? (
            <EmptyState
              icon={<Receipt aria-hidden className="size-6" />}
              title={t('subscription.payments.emptyTitle')}
              invite={{
                allowed: mayManage,
                description: t('subscription.payments.empty'),
                readOnly: t('subscription.payments.emptyReadOnly'),
                action: (
                  <Link to={PLANS_PATH} params={{ slug }} className={primaryLink}>
                    {t('subscription.choosePlan')}
                  </Link>
                ),
              }}
            />
          ) : (
            <ul
              className="flex flex-col divide-y divide-line overflow-hidden rounded-2xl border border-line bg-white shadow-[0_1px_2px_rgba(43,38,35,0.04)]"
              aria-label={t('subscription.payments.list')}
              data-testid="payments"
            >
              {list.map((payment) => (
                <li
                  key={payment.id}
                  data-testid="payment-row"
                  className="flex flex-wrap items-center gap-x-4 gap-y-2 px-5 py-4"
                >
                  <div className="flex min-w-0 flex-1 basis-56 flex-col gap-1">
                    <Link
                      to={PAYMENT_RETURN_PATH}
                      params={{ slug, paymentId: payment.id }}
                      className="flex min-h-11 min-w-0 items-center font-medium text-ink hover:underline"
                    >
                      <Truncated text={paymentName(payment)} className="min-w-0" />
                    </Link>
                    <span className="text-sm text-muted">
                      {formatDate(payment.paidAt ?? payment.createdAt)}
                      {payment.invoiceNumber && ` · ${payment.invoiceNumber}`}
                    </span>
                  </div>
                  <span className="shrink-0 text-sm font-medium text-ink tabular-nums" data-testid="payment-amount">
                    {money(payment.amountCents)}
                  </span>
                  <PaymentStatus payment={payment} />
                  <InvoiceButton payment={payment} />
                </li>
              ))}
            </ul>
          )
        }
      </BillingAnswer>
    </div>
  )
}
