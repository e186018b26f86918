import { centsToValue } from '../money'
import type { MollieErrorBody, MollieLink } from '../wire'
import type { CustomerRecord, MandateRecord, PaymentRecord, RefundRecord } from './records'

/** Where the state's resources live: its API base (`…/v2`) and the checkout page of a payment. */
export type MollieLinks = { apiBase: string; checkoutUrl: (paymentId: string) => string }

const HAL = 'application/hal+json'
const HTML = 'text/html'
const DOCS = 'https://docs.mollie.com/reference'
const DASHBOARD = 'https://my.mollie.com/dashboard'
/** Mollie's sandbox payments expire after 15 minutes unless paid (most methods). */
const EXPIRY_MS = 15 * 60_000

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized Request',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
}

/** Mollie writes times as `2026-11-25T09:13:37+00:00`. */
const iso = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, '+00:00')
const link = (href: string, type = HAL): MollieLink => ({ href, type })
const amount = (cents: number, currency: string) => ({ value: centsToValue(cents), currency })
/** What every resource carries: its kind, id, test mode and links (documentation last, as Mollie). */
const resource = <F extends object, L extends Record<string, MollieLink>>(
  kind: string,
  id: string,
  fields: F,
  links: L,
) => ({
  resource: kind,
  id,
  mode: 'test' as const,
  ...fields,
  _links: { ...links, documentation: link(`${DOCS}/get-${kind}`, HTML) },
})
const SETTLED_AT = { paid: 'paidAt', canceled: 'canceledAt', expired: 'expiredAt', failed: 'failedAt' } as const

/** Records → Mollie's JSON, field for field as the API answers in test mode. */
export function createSerialiser({ apiBase, checkoutUrl }: MollieLinks) {
  const base = apiBase.replace(/\/$/, '')
  return {
    payment(p: PaymentRecord) {
      const settledKey = SETTLED_AT[p.status as keyof typeof SETTLED_AT]
      const isRecurring = p.sequenceType === 'recurring'
      const fields = {
        createdAt: iso(p.createdAt),
        amount: amount(p.amountCents, p.currency),
        description: p.description,
        method: p.method,
        metadata: p.metadata,
        status: p.status,
        ...(p.status === 'open' ? { expiresAt: iso(new Date(p.createdAt.getTime() + EXPIRY_MS)) } : {}),
        ...(settledKey && p.settledAt ? { [settledKey]: iso(p.settledAt) } : {}),
        ...(p.status === 'paid'
          ? {
              amountRefunded: amount(p.amountRefundedCents, p.currency),
              amountRemaining: amount(p.amountCents - p.amountRefundedCents, p.currency),
              ...(p.amountChargedBackCents > 0
                ? { amountChargedBack: amount(p.amountChargedBackCents, p.currency) }
                : {}),
            }
          : {}),
        profileId: 'pfl_sandbox001',
        sequenceType: p.sequenceType,
        ...(p.redirectUrl ? { redirectUrl: p.redirectUrl } : {}),
        ...(p.webhookUrl ? { webhookUrl: p.webhookUrl } : {}),
        ...(p.customerId ? { customerId: p.customerId } : {}),
        ...(p.mandateId ? { mandateId: p.mandateId } : {}),
      }
      return resource('payment', p.id, fields, {
        self: link(`${base}/payments/${p.id}`),
        // Test mode: a checkout while open; "recurring payments do not have a checkout URL".
        ...(p.status === 'open' && !isRecurring ? { checkout: link(checkoutUrl(p.id), HTML) } : {}),
        ...(isRecurring && !settledKey ? { changePaymentState: link(checkoutUrl(p.id), HTML) } : {}),
        ...(p.customerId ? { customer: link(`${base}/customers/${p.customerId}`) } : {}),
        ...(p.mandateId && p.customerId
          ? { mandate: link(`${base}/customers/${p.customerId}/mandates/${p.mandateId}`) }
          : {}),
        dashboard: link(`${DASHBOARD}/payments/${p.id}`, HTML),
      })
    },
    customer: (c: CustomerRecord) =>
      resource(
        'customer',
        c.id,
        { name: c.name, email: c.email, locale: c.locale, metadata: c.metadata, createdAt: iso(c.createdAt) },
        { self: link(`${base}/customers/${c.id}`), dashboard: link(`${DASHBOARD}/customers/${c.id}`, HTML) },
      ),
    mandate: (m: MandateRecord) =>
      resource(
        'mandate',
        m.id,
        {
          status: m.status,
          method: m.method,
          details: { consumerName: m.consumerName, consumerAccount: 'NL55INGB0000000000', consumerBic: 'INGBNL2A' },
          mandateReference: m.mandateReference,
          signatureDate: iso(m.createdAt).slice(0, 10),
          createdAt: iso(m.createdAt),
        },
        {
          self: link(`${base}/customers/${m.customerId}/mandates/${m.id}`),
          customer: link(`${base}/customers/${m.customerId}`),
        },
      ),
    refund: (r: RefundRecord) =>
      resource(
        'refund',
        r.id,
        {
          amount: amount(r.amountCents, r.currency),
          status: 'pending',
          createdAt: iso(r.createdAt),
          description: r.description,
          metadata: null,
          paymentId: r.paymentId,
        },
        {
          self: link(`${base}/payments/${r.paymentId}/refunds/${r.id}`),
          payment: link(`${base}/payments/${r.paymentId}`),
        },
      ),
    /** A list page: `count`, the items under `_embedded.<name>`, no further pages. */
    list: <T>(name: string, items: T[], path: string) => ({
      count: items.length,
      _embedded: { [name]: items },
      _links: {
        self: link(`${base}${path}`),
        previous: null,
        next: null,
        documentation: link(`${DOCS}/list-${name}`, HTML),
      },
    }),
    error: (status: number, detail: string, field?: string): MollieErrorBody => ({
      status,
      title: TITLES[status] ?? 'Error',
      detail,
      ...(field ? { field } : {}),
      _links: { documentation: link('https://docs.mollie.com/overview/handling-errors', HTML) },
    }),
  }
}
