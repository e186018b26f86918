import { useNavigate } from '@tanstack/react-router'
import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  type PriceBreakdown as Price,
  type Subscription,
  type SubscriptionPeriod,
  type VatDecision,
  ZOptionPaymentInput,
} from '../../../contract/subscriptions'
import { API, ApiError } from '../../api/client'
import { useApiMutation } from '../../api/query'
import { apiCall } from '../../api/transport'
import {
  cx,
  FieldRefusal,
  FormModal,
  formatDate,
  notify,
  RadioGroup,
  useApiErrorMessage,
  useEntityForm,
} from '../../ui'
import { useOnline } from '../app/use-online'
import type { InitOption } from './plan-card'
import { PAYMENT_RETURN_PATH, SUBSCRIPTION_PATH } from './paths'
import { DiscountCodeField } from './discount-code-field'
import { PriceBreakdown } from './price-breakdown'
import { refreshBilling, useMoney, useOrgId, usePlanName } from './use-subscription'

export type Choice = { option: InitOption; period: SubscriptionPeriod }

type Values = { autoExtend: '' | 'yes' | 'no'; discountCode: string }

/**
 * Before paying: the plan, what the change does, the price breakdown (with a discount code
 * checked by the server), and the auto-extend choice the spec requires (§5: no default). Paying
 * sends the owner to the provider's checkout; with nothing due the return page confirms at once.
 */
export function CheckoutDialog(p: {
  slug: string
  choice: Choice | null
  current: Subscription | null
  vat: VatDecision | null
  onClose: () => void
}) {
  const { t } = useTranslation()
  const org = useOrgId()
  const online = useOnline()
  const money = useMoney()
  const planName = usePlanName()
  const navigate = useNavigate()
  const errorText = useApiErrorMessage()
  const [applied, setApplied] = useState<{ code: string; price: Price } | null>(null)
  const discount = useApiMutation(API.subscriptions.discountCode)
  const { choice } = p
  const form = useEntityForm({
    schema: ZOptionPaymentInput,
    initial: (): Values => ({ autoExtend: '', discountCode: '' }),
    resetKey: choice ? `${choice.option.id}:${choice.period}` : null,
    onReset: () => setApplied(null),
    // Nothing typed is lost by closing (a choice and perhaps a code), and paying leaves the page.
    guard: false,
    toInput: (v: Values) => ({
      optionId: choice?.option.id,
      period: choice?.period,
      autoExtend: v.autoExtend === 'yes' ? true : v.autoExtend === 'no' ? false : undefined,
      discountCode: v.discountCode.trim() || undefined,
    }),
    check: (v: Values) => (v.autoExtend ? undefined : { autoExtend: t('subscription.checkout.autoExtendRequired') }),
    submit: async (body) => {
      if (!org) return
      try {
        const { payment, checkoutUrl } = await apiCall(API.subscriptions.optionPayment, { params: { org }, body })
        if (checkoutUrl) {
          // The provider's page; it sends the owner back to the return page (paths.ts).
          window.location.assign(checkoutUrl)
          return
        }
        void refreshBilling()
        p.onClose()
        // Nothing due: the return page shows the payment (confirmed at once). A downgrade has no
        // payment: it is scheduled for the end of the term, which the subscription screen shows.
        if (payment) await navigate({ to: PAYMENT_RETURN_PATH, params: { slug: p.slug, paymentId: payment.id } })
        else {
          notify({ type: 'success', message: t('subscription.checkout.scheduled') })
          await navigate({ to: SUBSCRIPTION_PATH, params: { slug: p.slug } })
        }
      } catch (err) {
        if (err instanceof ApiError && err.code === 'INVALID_DISCOUNT_CODE')
          throw new FieldRefusal({ discountCode: errorText(err) })
        throw err
      }
    },
  })
  // The last choice stays on screen while the dialog closes.
  const last = useRef<Choice | null>(null)
  if (choice) last.current = choice
  const shown = choice ?? last.current
  if (!shown) return null

  const { option, period } = shown
  const { policy } = option[period]
  const code = form.values.discountCode.trim()
  const price = applied && applied.code === code ? applied.price : option[period].price
  const name = planName(option)

  const apply = async () => {
    if (!org || !code) return
    try {
      const answer = await discount.mutateAsync({
        params: { org },
        query: { code, optionId: option.id, period },
      })
      setApplied({ code, price: answer })
      form.rhf.clearErrors('discountCode')
    } catch (err) {
      setApplied(null)
      form.setErrors({ discountCode: errorText(err) })
    }
  }

  return (
    <FormModal
      form={form}
      open={!!choice}
      onClose={p.onClose}
      title={t('subscription.checkout.title', { plan: name })}
      formId="checkout-form"
      width={560}
      submitDisabled={!online}
      submitLabel={
        policy !== 'endOfTerm' && price.totalCents > 0
          ? t('subscription.checkout.pay', { amount: money(price.totalCents) })
          : t('subscription.checkout.confirm')
      }
      notice={!online && { text: t('subscription.offline.text') }}
      data-testid="checkout-form"
      className="flex flex-col gap-5"
    >
      <p className="text-sm text-ink" data-testid="checkout-summary">
        {t(`subscription.checkout.summary.${period}`, { plan: name })}{' '}
        {policy === 'endOfTerm'
          ? t('subscription.plans.policy.endOfTerm', { date: formatDate(p.current?.validTo) })
          : policy === 'renew'
            ? t('subscription.checkout.renew', { date: formatDate(p.current?.validTo) })
            : policy === 'immediate'
              ? t('subscription.plans.policy.immediate')
              : ''}
      </p>
      <PriceBreakdown price={price} vat={p.vat} />
      {/* The next term keeps the subscription's own discount while it lasts: no code to enter. */}
      <DiscountCodeField
        field={form.field('discountCode')}
        onEdit={(value) => {
          form.set('discountCode', value)
          if (applied) setApplied(null)
        }}
        onApply={() => void apply()}
        applying={discount.isPending}
        canApply={!!code && online}
        applied={!!applied && applied.code === code}
        className={cx(policy === 'renew' && 'hidden')}
      />
      <div aria-invalid={form.error('autoExtend') ? true : undefined}>
        <RadioGroup
          label={t('subscription.checkout.autoExtend')}
          name="autoExtend"
          options={[
            { value: 'yes', label: t('subscription.checkout.autoExtendYes') },
            { value: 'no', label: t('subscription.checkout.autoExtendNo') },
          ]}
          value={form.values.autoExtend}
          onChange={(v) => form.set('autoExtend', v as Values['autoExtend'])}
          error={form.error('autoExtend')}
        />
      </div>
    </FormModal>
  )
}
