import { z } from 'zod'
import { ZPayment, ZPriceBreakdown, ZVatDecision } from './subscriptions'

/*
 * WhatsApp credits (spec §7 WhatsApp credits, research §6 and §7 D; issue 23). One credit is our
 * own unit: a message costs the credits of its category (a table, so a change of Meta's prices
 * is a configuration change). The balance is the sum of an append-only ledger;
 * server/services/whatsapp-credits/README.md says how it works and why.
 */

/** Meta's message categories (research §6): what a message costs depends on it. */
export const MESSAGE_CATEGORIES = ['utility', 'marketing', 'service'] as const
export const ZMessageCategory = z.enum(MESSAGE_CATEGORIES)
export type MessageCategory = z.infer<typeof ZMessageCategory>

/** Why the balance changed (one ledger row each). */
export const CREDIT_REASONS = ['purchase', 'send', 'refund', 'adjustment'] as const
export const ZCreditReason = z.enum(CREDIT_REASONS)
export type CreditReason = z.infer<typeof ZCreditReason>

/** What a send was for: the three paths that message a customer by WhatsApp. */
export const CREDIT_SOURCES = ['questionnaire', 'advice', 'document'] as const
export const ZCreditSource = z.enum(CREDIT_SOURCES)
export type CreditSource = z.infer<typeof ZCreditSource>

/** `GET …/whatsapp-credits/options`: a bundle, its price excluding VAT in cents (spec §9). */
export const ZCreditOption = z.object({
  id: z.string().uuid(),
  credits: z.number().int().positive(),
  priceExclVatCents: z.number().int().nonnegative(),
  /** The price of one credit in this bundle, in hundredths of a cent (larger bundles are cheaper). */
  unitPriceMillicents: z.number().int().nonnegative(),
})
export type CreditOption = z.infer<typeof ZCreditOption>

/** The balance as every employee may see it (the send dialogs say why WhatsApp cannot be chosen). */
export const ZCreditBalance = z.object({
  balance: z.number().int(),
  /** The server's maximum balance: a purchase beyond it is refused (spec §9: a count from the server). */
  maximum: z.number().int(),
  /** Below this the admins see a banner and the owner gets one e-mail per crossing. */
  lowThreshold: z.number().int(),
  low: z.boolean(),
  /** The balance crossed below the threshold since the last top-up (the owner was mailed): the admins' banner. */
  warning: z.boolean(),
  /** Credits one message costs, by category. */
  costs: z.record(ZMessageCategory, z.number().int()),
})
export type CreditBalance = z.infer<typeof ZCreditBalance>

/** `GET …/subscriptions/initialize-whatsapp-options`: what the purchase screen needs in one call. */
export const ZCreditOptionsInit = ZCreditBalance.extend({
  options: z.array(ZCreditOption.extend({ price: ZPriceBreakdown, fits: z.boolean() })),
  vat: ZVatDecision,
})
export type CreditOptionsInit = z.infer<typeof ZCreditOptionsInit>

/** `POST …/whatsapp-credits/credit-payment`. */
export const ZCreditPaymentInput = z.object({ optionId: z.string().uuid() })
export type CreditPaymentInput = z.infer<typeof ZCreditPaymentInput>

export const ZCreditPaymentResult = z.object({ payment: ZPayment, checkoutUrl: z.string().nullable() })

/** One ledger row as the history shows it. */
export const ZCreditTransaction = z.object({
  id: z.string().uuid(),
  reason: ZCreditReason,
  /** Positive: credits added; negative: credits taken. */
  delta: z.number().int(),
  balanceAfter: z.number().int(),
  createdAt: z.string(),
  /** A purchase's payment (its invoice is downloaded through it). */
  paymentId: z.string().uuid().nullable(),
  invoiceNumber: z.string().nullable(),
  /** A send or refund: whom it went to (null once the customer was removed), what and which category. */
  customerId: z.string().uuid().nullable(),
  customerName: z.string().nullable(),
  source: ZCreditSource.nullable(),
  category: ZMessageCategory.nullable(),
})
export type CreditTransaction = z.infer<typeof ZCreditTransaction>
