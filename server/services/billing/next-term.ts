import type { PriceBreakdown, VatDecision } from '../../../contract/subscriptions'
import type { DbOrTx } from '../../db/client'
import { discountById } from './discount-terms'
import { findOptionRow, type OptionRow } from './plans'
import { priceBreakdown, priceOf } from './pricing'
import type { SubscriptionRow } from './view'

/*
 * What a subscription's next term is and costs, whoever asks: the renewal job, the owner paying
 * it by checkout (policy `renew`) and the price shown before that. The scheduled plan when a
 * downgrade waits, the discount while it lasts, the VAT decided now.
 */

export type NextTerm = {
  option: OptionRow
  period: SubscriptionRow['period']
  discountCodeId: string | null
  price: PriceBreakdown
}

export async function nextTermOf(db: DbOrTx, s: SubscriptionRow, vat: VatDecision): Promise<NextTerm | null> {
  const option = await findOptionRow(db, s.scheduledOptionId ?? s.optionId)
  if (!option) return null
  const period = s.scheduledPeriod ?? s.period
  const lasts = s.discountCodeId !== null && (s.discountPeriodsLeft === null || s.discountPeriodsLeft > 0)
  const discount = lasts && s.discountCodeId ? ((await discountById(db, s.discountCodeId))?.discount ?? null) : null
  const price = priceBreakdown({ netCents: priceOf(option, period), discount, vatRateBasisPoints: vat.rateBasisPoints })
  return { option, period, discountCodeId: lasts ? s.discountCodeId : null, price }
}
