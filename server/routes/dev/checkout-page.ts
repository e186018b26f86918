import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import { API } from '../../../contract/endpoints'
import { isSandbox } from '../../integrations/payments'
import { centsToValue } from '../../integrations/payments/money'
import { FINAL_PAYMENT_STATUSES } from '../../integrations/payments/port'
import { CHECKOUT_CHOICES } from '../../integrations/payments/sandbox'
import { assertLocalRequest } from './local-only'

const esc = (s: string) =>
  s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;')

const TEXT = {
  nl: {
    title: 'Testbetaling',
    lead: 'Dit is de lokale testkassa: er wordt geen echt geld afgeschreven. Kies hoe de betaling afloopt.',
    amount: 'Bedrag',
    description: 'Omschrijving',
    settled: 'Deze betaling is al afgerond',
    missing: 'Deze betaling bestaat niet.',
    choices: { paid: 'Betaald', failed: 'Mislukt', canceled: 'Geannuleerd', expired: 'Verlopen' },
    back: 'Terug naar de app',
  },
  en: {
    title: 'Test payment',
    lead: 'This is the local test checkout: no real money is charged. Choose how the payment ends.',
    amount: 'Amount',
    description: 'Description',
    settled: 'This payment is already settled',
    missing: 'This payment does not exist.',
    choices: { paid: 'Paid', failed: 'Failed', canceled: 'Canceled', expired: 'Expired' },
    back: 'Back to the app',
  },
} as const

/** Dutch unless the browser prefers English (the app's default language is Dutch). */
function languageOf(req: FastifyRequest): 'nl' | 'en' {
  const accepted = String(req.headers['accept-language'] ?? '').toLowerCase()
  const nl = accepted.search(/\bnl\b/)
  const en = accepted.search(/\ben\b/)
  return en !== -1 && (nl === -1 || en < nl) ? 'en' : 'nl'
}

/**
 * The sandbox's checkout page at /dev/checkout/<id> (outside /api, like the dev mailbox; only
 * while the sandbox takes payments and only from this machine): the amount, the description and
 * one button per outcome. A plain HTML form to API.checkout.choose, no script, so it works under
 * the strict CSP; the answer sends the browser on to the payment's return page. Not an endpoint
 * (an HTML page, no definition in contract/endpoints), hence `app.get` rather than `handle`.
 */
const page: FastifyPluginAsync = async (app) => {
  const payments = app.payments
  if (!isSandbox(payments)) return
  app.get<{ Params: { id: string } }>(
    '/dev/checkout/:id',
    { schema: { hide: true, security: [] } },
    async (req, reply) => {
      assertLocalRequest(req)
      const lang = languageOf(req)
      const t = TEXT[lang]
      const payment = await payments.getPayment(String(req.params.id).slice(0, 64)).catch(() => null)
      let main: string
      if (!payment) {
        main = `<p role="alert">${t.missing}</p>`
      } else {
        const record = payments.state.getPayment(payment.id)
        const action = `/api${API.checkout.choose.path.replace(':id', encodeURIComponent(payment.id))}`
        const settled = (FINAL_PAYMENT_STATUSES as readonly string[]).includes(payment.status)
        const buttons = CHECKOUT_CHOICES.map(
          (c) => `<button type="submit" name="status" value="${c}" class="${c}">${t.choices[c]}</button>`,
        ).join(' ')
        main = `<dl><dt>${t.amount}</dt><dd>€ ${esc(centsToValue(payment.amountCents).replace('.', lang === 'nl' ? ',' : '.'))}</dd>
<dt>${t.description}</dt><dd>${esc(record.description)}</dd></dl>
${
  settled
    ? `<p role="status">${t.settled}: ${esc(payment.status)}.</p>${record.redirectUrl ? `<p><a href="${esc(record.redirectUrl)}">${t.back}</a></p>` : ''}`
    : `<form method="post" action="${esc(action)}"><p>${t.lead}</p><div class="choices">${buttons}</div></form>`
}`
      }
      const html = `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${t.title}</title><style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#222}
dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem}dt{font-weight:600}button{font:inherit;padding:.6rem 1rem;margin:.25rem;border-radius:6px;border:1px solid #888;cursor:pointer}
button:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}.paid{background:#166534;color:#fff;border-color:#166534}</style></head>
<body><main><h1>${t.title}</h1>${main}</main></body></html>`
      return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html)
    },
  )
}
export default page
