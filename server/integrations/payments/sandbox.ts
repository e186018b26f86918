import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { MollieError } from './mollie-state/records'
import { createMollieState, type MollieState } from './mollie-state/state'
import { postWebhook, settle, type WebhookDelivery } from './mollie-state/webhooks'
import type { PaymentProvider } from './port'
import { toMandate, toPayment, toPaymentError, toRefund } from './wire'

/** What the customer can choose on the local checkout page. */
export const CHECKOUT_CHOICES = ['paid', 'failed', 'canceled', 'expired'] as const
export type CheckoutChoice = (typeof CHECKOUT_CHOICES)[number]

export type SandboxPayments = PaymentProvider & {
  /** The customer's choice on the checkout page; then the webhook is called as Mollie calls it. */
  choose: (paymentId: string, status: CheckoutChoice) => Promise<WebhookDelivery[]>
  /** The bank takes a paid payment back; then the webhook is called as Mollie calls it. */
  chargeback: (paymentId: string) => Promise<WebhookDelivery[]>
  /** Calls a payment's webhook again (a replay, as Mollie does when an answer was slow). */
  deliverWebhook: (paymentId: string) => Promise<WebhookDelivery | null>
  /** Every webhook call so far, oldest first; failures are recorded here, never thrown. */
  deliveries: WebhookDelivery[]
  state: MollieState
}

/**
 * The payment port without Mollie (no MOLLIE_API_KEY): the in-memory Mollie in this process.
 * Checkout links point at our own page `<baseUrl>/dev/checkout/<paymentId>`. Every answer goes
 * through Mollie's JSON and the same mapping as the Mollie adapter, so both speak alike. The
 * state lives as long as the process, or, with `file` (`npm start`: in DATA_DIR), is written
 * there after every change and read back at start, so a checkout left open across a restart is
 * still known to its return page and to reconciliation.
 */
export function createSandboxPayments(opts: { baseUrl: string; now?: () => Date; file?: string }): SandboxPayments {
  const base = opts.baseUrl.replace(/\/$/, '')
  const state = createMollieState({
    apiBase: `${base}/dev/mollie/v2`,
    checkoutUrl: (id) => `${base}/dev/checkout/${encodeURIComponent(id)}`,
    now: opts.now,
  })
  const { json } = state
  const deliveries: WebhookDelivery[] = []
  const { file } = opts
  if (file && existsSync(file)) state.restore(JSON.parse(readFileSync(file, 'utf8')))
  // Written whole and renamed into place: a crash mid-write leaves the previous file.
  const save = () => {
    if (!file) return
    writeFileSync(`${file}.tmp`, JSON.stringify(state.snapshot()))
    renameSync(`${file}.tmp`, file)
  }

  /** Mollie's refusals as the port's errors, exactly as the Mollie adapter maps them; saved after. */
  async function call<T>(work: () => T | Promise<T>): Promise<T> {
    try {
      return await work()
    } catch (err) {
      if (err instanceof MollieError) throw toPaymentError(err.status, err.message, err.field) ?? err
      throw err
    } finally {
      save()
    }
  }

  return {
    state,
    deliveries,
    createCustomer: (input) => call(() => ({ id: state.createCustomer(input).id })),
    createPayment: (input) =>
      call(() => {
        const payment = json.payment(state.createPayment(input))
        const checkout = payment._links.checkout
        return { id: payment.id, status: toPayment(payment).status, checkoutUrl: checkout?.href ?? null }
      }),
    getPayment: (id) => call(() => toPayment(json.payment(state.getPayment(id)))),
    listMandates: (customerId) => call(() => state.listMandates(customerId).map((m) => toMandate(json.mandate(m)))),
    refund: ({ paymentId, ...input }) => call(() => toRefund(json.refund(state.createRefund(paymentId, input)))),
    choose: (paymentId, status) =>
      call(async () => {
        const made = await settle(state, paymentId, status)
        deliveries.push(...made)
        return made
      }),
    chargeback: (paymentId) =>
      call(async () => {
        state.chargeback(paymentId)
        const made: WebhookDelivery[] = []
        for (const due of state.takeDue()) made.push(await postWebhook(due))
        deliveries.push(...made)
        return made
      }),
    deliverWebhook: (paymentId) =>
      call(async () => {
        const { webhookUrl } = state.getPayment(paymentId)
        if (!webhookUrl) return null
        const delivery = await postWebhook({ paymentId, webhookUrl })
        deliveries.push(delivery)
        return delivery
      }),
  }
}
