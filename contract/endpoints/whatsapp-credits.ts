import { z } from 'zod'
import { ZPaymentWebhook } from '../subscriptions'
import {
  ZCreditBalance,
  ZCreditOption,
  ZCreditOptionsInit,
  ZCreditPaymentInput,
  ZCreditPaymentResult,
  ZCreditTransaction,
} from '../whatsapp-credits'
import { defineEndpoint } from './define'
import { ZOrgParams } from './params'

const tags = ['whatsapp-credits']

/**
 * Spec §7 WhatsApp credits, its payment webhook and `GET …/subscriptions/initialize-whatsapp-options`
 * (issue 23; server/services/whatsapp-credits/README.md). Billing: online-only, never queued by
 * the tablet; the invoice and the return page's payment are the subscriptions' own endpoints.
 */
export const whatsappCredits = {
  /** The bundles, prices excluding VAT (research §7 D2). */
  options: defineEndpoint({
    method: 'GET',
    path: '/organisations/:org/whatsapp-credits/options',
    params: ZOrgParams,
    response: z.array(ZCreditOption),
    action: 'subscription.read',
    tags,
  }),
  /** The purchase screen in one call: bundles with their price incl. VAT, balance and maximum. */
  initializeOptions: defineEndpoint({
    method: 'GET',
    path: '/organisations/:org/subscriptions/initialize-whatsapp-options',
    params: ZOrgParams,
    response: ZCreditOptionsInit,
    action: 'subscription.read',
    tags,
  }),
  /** The balance: every employee (the send dialogs say when WhatsApp cannot be chosen). */
  balance: defineEndpoint({
    method: 'GET',
    path: '/organisations/:org/whatsapp-credits/balance',
    params: ZOrgParams,
    response: ZCreditBalance,
    action: 'subscription.access',
    tags,
  }),
  /** The ledger, newest first: purchases, sends with customer and category, refunds. */
  transactions: defineEndpoint({
    method: 'GET',
    path: '/organisations/:org/whatsapp-credits/transactions',
    params: ZOrgParams,
    response: z.array(ZCreditTransaction),
    action: 'subscription.read',
    tags,
  }),
  /** Buys a bundle: a one-off payment at the provider and its checkout; credits only when paid. */
  creditPayment: defineEndpoint({
    method: 'POST',
    path: '/organisations/:org/whatsapp-credits/credit-payment',
    params: ZOrgParams,
    body: ZCreditPaymentInput,
    response: ZCreditPaymentResult,
    status: 201,
    action: 'subscription.manage',
    // A platform admin acting as an employee never spends the salon's money (issue 23).
    impersonation: 'blocked',
    tags,
  }),
  /** Mollie's webhook for a credit purchase (form-encoded `id`); the body is never trusted. */
  paymentWebhook: defineEndpoint({
    method: 'POST',
    path: '/organisations/:org/whatsapp-credits/payments/webhook',
    params: ZOrgParams,
    body: ZPaymentWebhook,
    response: z.null(),
    format: 'empty',
    status: 200,
    public: true,
    tags,
  }),
}
