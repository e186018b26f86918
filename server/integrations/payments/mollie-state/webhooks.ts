import type { PaymentStatus } from '../port'
import type { WebhookDue } from './records'
import type { MollieState } from './state'

/** One webhook call and how it went: the HTTP status, or the error when none came back. */
export type WebhookDelivery = WebhookDue & { at: Date; status: number | null; error: string | null }

/**
 * Calls a webhook exactly as Mollie's classic webhooks do: POST, form-encoded, `id=<paymentId>`
 * and nothing else (no status, no signature: the receiver must fetch the payment). A failure is
 * returned, never thrown: Mollie does not care why a webhook failed, and neither does a test.
 */
export async function postWebhook(due: WebhookDue, timeoutMs = 10_000): Promise<WebhookDelivery> {
  const at = new Date()
  try {
    const res = await fetch(due.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ id: due.paymentId }).toString(),
      signal: AbortSignal.timeout(timeoutMs),
    })
    await res.body?.cancel()
    return { ...due, at, status: res.status, error: res.ok ? null : `HTTP ${res.status}` }
  } catch (err) {
    return { ...due, at, status: null, error: err instanceof Error ? err.message : String(err) }
  }
}

/** Sets a payment's status, then calls the webhooks that change owes, in order. */
export async function settle(state: MollieState, paymentId: string, status: PaymentStatus) {
  state.setStatus(paymentId, status)
  const deliveries: WebhookDelivery[] = []
  for (const due of state.takeDue()) deliveries.push(await postWebhook(due))
  return deliveries
}
