import type { FastifyInstance } from 'fastify'
import type { PaymentKind } from '../../../contract/subscriptions'
import type { Config } from '../../config'
import type { Db } from '../../db/client'
import type { Mailer } from '../../integrations/mail/mailer'
import type { PaymentProvider } from '../../integrations/payments/port'
import type { VatCheck } from '../../integrations/vat-check'

/**
 * What the billing services need around them: the app has all of it (`app.db`, `app.payments`,
 * `app.mailer`, `app.config`), and so can a scheduled job that runs without HTTP.
 */
export type BillingDeps = {
  db: Db
  payments: PaymentProvider
  mailer: Mailer
  config: Pick<
    Config,
    | 'publicUrl'
    | 'invoiceSellerName'
    | 'invoiceSellerAddress'
    | 'invoiceSellerCountry'
    | 'invoiceSellerVatNumber'
    | 'invoiceSellerKvk'
    | 'whatsappCreditsMax'
    | 'whatsappCreditsLow'
  >
  /** The VAT-number check (VIES) a payment's VAT decision asks. */
  vatCheck: VatCheck
  /** Failures worth a line in the log (a provider error, a mail that could not be queued). */
  log?: { warn: (obj: object, msg: string) => void }
}

/** The webhook a payment's status changes are posted to, by kind (the spec's paths). */
export function webhookUrl(config: Pick<Config, 'publicUrl'>, organisationId: string, kind: PaymentKind) {
  const org = encodeURIComponent(organisationId)
  const path = {
    subscription: 'subscription-options/payments/webhook',
    renewal: 'subscription/recurring-payments/webhook',
    whatsappCredits: 'whatsapp-credits/payments/webhook',
    paidCourse: 'paid-courses/payments/webhook',
  }[kind]
  return `${config.publicUrl}/api/organisations/${org}/${path}`
}

/** Where each kind's return page lives below `/admin` (the client takes it to the employee's own area). */
const RETURN_SCREEN: Record<PaymentKind, string> = {
  subscription: 'subscription',
  renewal: 'subscription',
  whatsappCredits: 'whatsapp-credits',
  paidCourse: 'academy',
}

/** The client's return page for a payment (it polls the payment, which refreshes it from the provider). */
export const returnUrl = (config: Pick<Config, 'publicUrl'>, paymentId: string, kind: PaymentKind = 'subscription') =>
  `${config.publicUrl}/admin/${RETURN_SCREEN[kind]}/payments/${encodeURIComponent(paymentId)}`

/** The billing services' parts from the app: routes and scheduled jobs take them the same way. */
export const billingDepsOf = (app: FastifyInstance): BillingDeps => ({
  db: app.db,
  payments: app.payments,
  mailer: app.mailer,
  config: app.config,
  vatCheck: app.vatCheck,
  log: app.log,
})
