import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { PriceBreakdown as Price } from '../../../contract/subscriptions'
import { inLanguage, type PaidCourseOffer, ZPaidCoursePaymentQuery } from '../../../contract/trainings'
import { API, ApiError } from '../../api/client'
import { useApiMutation } from '../../api/query'
import { apiCall } from '../../api/transport'
import { pingSync } from '../../local-db/mutations'
import { FieldRefusal, FormModal, notify, useApiErrorMessage, useEntityForm } from '../../ui'
import { useOnline } from '../app/use-online'
import { DiscountCodeField } from '../subscription/discount-code-field'
import { PriceBreakdown } from '../subscription/price-breakdown'
import { refreshBilling, useMoney, useOrgId } from '../subscription/use-subscription'
import { useReplica } from '../sync/replica-context'
import { refreshAcademy } from './use-academy'

type Values = { discountCode: string }

/** The course's price as the catalogue answers it, in the shape of a price breakdown (no code yet). */
const listPrice = (offer: PaidCourseOffer): Price => ({
  netCents: offer.priceExVatCents,
  discountCents: 0,
  creditCents: 0,
  netAfterDiscountCents: offer.priceExVatCents,
  vatRateBasisPoints: offer.vatRateBasisPoints,
  vatCents: offer.priceIncVatCents - offer.priceExVatCents,
  totalCents: offer.priceIncVatCents,
})

/**
 * Buying a paid course (issue 24): the price breakdown, with an optional discount code the server
 * checks (its breakdown, or the spec's "Invalid or expired code"), then the payment: the buyer
 * goes to the provider's checkout, or — nothing due — owns the course at once.
 */
export function BuyDialog({ offer, open, onClose }: { offer: PaidCourseOffer; open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation()
  const org = useOrgId()
  const online = useOnline()
  const money = useMoney()
  const replica = useReplica()
  const errorText = useApiErrorMessage()
  const [applied, setApplied] = useState<{ code: string; price: Price } | null>(null)
  const check = useApiMutation(API.paidCourses.discountCode)
  const form = useEntityForm({
    schema: ZPaidCoursePaymentQuery,
    initial: (): Values => ({ discountCode: '' }),
    resetKey: open ? offer.id : null,
    onReset: () => setApplied(null),
    // Nothing typed is lost by closing (perhaps a code), and paying leaves the page.
    guard: false,
    toInput: (v: Values) => ({ discountCode: v.discountCode.trim() || undefined }),
    submit: async (query) => {
      if (!org) return
      try {
        const result = await apiCall(API.paidCourses.payment, { params: { org, id: offer.id }, query })
        if (result.checkoutUrl) {
          // The provider's page; it sends the buyer back to the return page (paths.ts).
          window.location.assign(result.checkoutUrl)
          return
        }
        // Nothing due: owned now. The replica fetches it at once (learned offline like Blueprint).
        void refreshAcademy()
        void refreshBilling()
        if (replica) pingSync(replica.db)
        notify({ type: 'success', message: t('academy.buy.owned', { title }) })
        onClose()
      } catch (err) {
        if (err instanceof ApiError && err.code === 'INVALID_DISCOUNT_CODE')
          throw new FieldRefusal({ discountCode: errorText(err) })
        if (err instanceof ApiError && err.code === 'PAID_COURSE_OWNED') void refreshAcademy()
        throw err
      }
    },
  })
  const title = inLanguage(offer.title, offer.titleEn, i18n.language)
  const code = form.values.discountCode.trim()
  const price = applied && applied.code === code ? applied.price : listPrice(offer)

  const apply = async () => {
    if (!org || !code) return
    try {
      const answer = await check.mutateAsync({ params: { org, id: offer.id, code } })
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
      open={open}
      onClose={onClose}
      title={t('academy.buy.title', { title })}
      formId="buy-course-form"
      width={560}
      submitDisabled={!online}
      submitLabel={
        price.totalCents > 0 ? t('academy.buy.pay', { amount: money(price.totalCents) }) : t('academy.buy.getFree')
      }
      notice={!online && { text: t('academy.buy.offline') }}
      data-testid="buy-course-form"
      className="flex flex-col gap-5"
    >
      <p className="text-sm text-ink">{t('academy.buy.summary')}</p>
      <PriceBreakdown price={price} vat={null} />
      <DiscountCodeField
        field={form.field('discountCode')}
        onEdit={(value) => {
          form.set('discountCode', value)
          if (applied) setApplied(null)
        }}
        onApply={() => void apply()}
        applying={check.isPending}
        canApply={!!code && online}
        applied={!!applied && applied.code === code}
      />
    </FormModal>
  )
}
