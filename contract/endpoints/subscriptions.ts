import { z } from 'zod'
import {
  ZCheckoutChoice,
  ZDiscountCodeQuery,
  ZNextPayment,
  ZOptionPaymentInput,
  ZOptionPaymentResult,
  ZPayment,
  ZPaymentParams,
  ZPaymentWebhook,
  ZPriceBreakdown,
  ZRemainingAmount,
  ZRemainingAmountQuery,
  ZSubscription,
  ZSubscriptionAccess,
  ZSubscriptionOption,
  ZSubscriptionOptionsInit,
  ZSubscriptionOverview,
  ZVatDecision,
} from '../subscriptions'
import { defineEndpoint } from './define'
import { ZOrgParams } from './params'

const tags = ['subscriptions']

/**
 * Spec §7 Subscriptions (under /organisations/{org}/subscriptions), Global subscriptions and
 * Payment webhooks. Billing is online-only: nothing here is queued by the tablet.
 */
export const subscriptions = {
  /** Public: the plans with their prices (excl. VAT) and limits. */
  options: defineEndpoint({
    method: 'GET',
    path: '/global/subscriptions/options',
    response: z.array(ZSubscriptionOption),
    public: true,
    tags,
  }),
  overview: defineEndpoint({
    method: 'GET',
    path: '/organisations/:org/subscriptions',
    params: ZOrgParams,
    response: ZSubscriptionOverview,
    action: 'subscription.read',
    tags,
  }),
  access: defineEndpoint({
    method: 'GET',
    path: '/organisations/:org/subscriptions/access',
    params: ZOrgParams,
    response: ZSubscriptionAccess,
    /** Every employee of the organisation (the expired notice and the upgrade prompts need it). */
    action: 'subscription.access',
    tags,
  }),
  nextPayment: defineEndpoint({
    method: 'GET',
    path: '/organisations/:org/subscriptions/next-payment',
    params: ZOrgParams,
    response: ZNextPayment,
    action: 'subscription.read',
    tags,
  }),
  remainingAmount: defineEndpoint({
    method: 'GET',
    path: '/organisations/:org/subscriptions/remaining-amount',
    params: ZOrgParams,
    query: ZRemainingAmountQuery,
    response: ZRemainingAmount,
    action: 'subscription.read',
    tags,
  }),
  vatRate: defineEndpoint({
    method: 'GET',
    path: '/organisations/:org/subscriptions/vat-rate',
    params: ZOrgParams,
    response: ZVatDecision,
    action: 'subscription.read',
    tags,
  }),
  initializeOptions: defineEndpoint({
    method: 'GET',
    path: '/organisations/:org/subscriptions/initialize-subscription-options',
    params: ZOrgParams,
    response: ZSubscriptionOptionsInit,
    action: 'subscription.read',
    tags,
  }),
  /** Starts paying for an option: the checkout to send the owner to (none when €0 is due). */
  optionPayment: defineEndpoint({
    method: 'POST',
    path: '/organisations/:org/subscriptions/option-payment',
    params: ZOrgParams,
    body: ZOptionPaymentInput,
    response: ZOptionPaymentResult,
    status: 201,
    action: 'subscription.manage',
    // Issue 23: a payment (with a discount code, its use).
    impersonation: 'blocked',
    tags,
  }),
  /** The price with a discount code, or INVALID_DISCOUNT_CODE (one answer for every reason). */
  discountCode: defineEndpoint({
    method: 'GET',
    path: '/organisations/:org/subscriptions/option-payment/discount-code',
    params: ZOrgParams,
    query: ZDiscountCodeQuery,
    response: ZPriceBreakdown,
    action: 'subscription.manage',
    tags,
  }),
  cancel: defineEndpoint({
    method: 'POST',
    path: '/organisations/:org/subscriptions/cancel-subscription',
    params: ZOrgParams,
    response: ZSubscription,
    action: 'subscription.manage',
    // Issue 23: ends what the organisation pays for.
    impersonation: 'blocked',
    tags,
  }),
  payments: defineEndpoint({
    method: 'GET',
    path: '/organisations/:org/subscriptions/payments',
    params: ZOrgParams,
    response: z.array(ZPayment),
    action: 'subscription.read',
    tags,
  }),
  /** One payment; while it is not final its status is fetched from the provider (the return page). */
  payment: defineEndpoint({
    method: 'GET',
    path: '/organisations/:org/subscriptions/payments/:id',
    params: ZPaymentParams,
    response: ZPayment,
    action: 'subscription.read',
    tags,
  }),
  downloadInvoice: defineEndpoint({
    method: 'GET',
    path: '/organisations/:org/subscriptions/download-invoice/:id',
    params: ZPaymentParams,
    response: z.unknown(),
    format: 'file',
    action: 'subscription.read',
    tags,
  }),
  /** Mollie's webhook for a purchase (form-encoded `id`); the body is never trusted. */
  optionPaymentWebhook: defineEndpoint({
    method: 'POST',
    path: '/organisations/:org/subscription-options/payments/webhook',
    params: ZOrgParams,
    body: ZPaymentWebhook,
    response: z.null(),
    format: 'empty',
    status: 200,
    public: true,
    tags,
  }),
  /** Mollie's webhook for a renewal charged on the mandate. */
  recurringPaymentWebhook: defineEndpoint({
    method: 'POST',
    path: '/organisations/:org/subscription/recurring-payments/webhook',
    params: ZOrgParams,
    body: ZPaymentWebhook,
    response: z.null(),
    format: 'empty',
    status: 200,
    public: true,
    tags,
  }),
}

/** The sandbox's local checkout (no MOLLIE_API_KEY; like the dev mailbox). */
export const checkout = {
  choose: defineEndpoint({
    method: 'POST',
    path: '/dev/checkout/:id',
    params: z.object({ id: z.string().trim().min(1).max(64) }),
    body: ZCheckoutChoice,
    response: z.null(),
    format: 'empty',
    status: 204,
    public: true,
    tags: ['dev'],
  }),
}
