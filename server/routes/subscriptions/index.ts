import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { API } from '../../../contract/endpoints'
import { download } from '../../http/download'
import { handle } from '../../http/handle'
import { cancelSubscription } from '../../services/billing/cancel'
import { billingDepsOf } from '../../services/billing/deps'
import { currentEntitlements, toAccess } from '../../services/billing/entitlements'
import { renderInvoicePdf } from '../../services/billing/invoice-pdf'
import {
  discountQuote,
  initializeOptions,
  nextPayment,
  remainingAmount,
  subscriptionOverview,
  vatRate,
} from '../../services/billing/overview'
import { listOptionRows, toOption } from '../../services/billing/plans'
import { startOptionPayment } from '../../services/billing/purchase'
import { findInvoice, invoiceDocument, listPayments } from '../../services/billing/read'
import { refreshedPayment } from '../../services/billing/refresh'
import { perIp, perOrganisationPath } from '../auth/limits'
import { acceptFormBodies } from './form-body'
import { webhook } from './webhooks'

const S = API.subscriptions

/** Spec §7 Subscriptions and the payment webhooks (server/services/billing/README.md). */
const routes: FastifyPluginAsyncZod = async (app) => {
  acceptFormBodies(app)
  const deps = billingDepsOf(app)
  const now = () => new Date()

  handle(app, S.options, async ({ db }) => (await listOptionRows(db)).map(toOption))
  handle(app, S.overview, ({ caller }) => subscriptionOverview(deps, caller.organisationId, now()))
  handle(app, S.access, async ({ caller, db }) => toAccess(await currentEntitlements(db, caller.organisationId, now())))
  handle(app, S.nextPayment, ({ caller }) => nextPayment(deps, caller.organisationId, now()))
  handle(app, S.remainingAmount, ({ caller, query }) => remainingAmount(deps, caller.organisationId, query, now()))
  handle(app, S.vatRate, ({ caller }) => vatRate(deps, caller.organisationId, now()))
  handle(app, S.initializeOptions, ({ caller }) => initializeOptions(deps, caller.organisationId, now()))
  // Payment paths are bounded per organisation and per address: each purchase creates a payment
  // at the provider, and codes must not be guessed (the same answer for every wrong one, and few
  // tries: the spec's 15-minute wait).
  handle(app, S.optionPayment, ({ caller, body }) => startOptionPayment({ deps, caller, input: body }), {
    config: perIp(60),
    preHandler: perOrganisationPath(app, 'option-payment', 30),
  })
  handle(app, S.discountCode, ({ caller, query }) => discountQuote(deps, caller.organisationId, query, now()), {
    config: perIp(60),
    preHandler: perOrganisationPath(app, 'discount-code', 30),
  })
  handle(app, S.cancel, ({ caller, db }) => cancelSubscription({ db, caller }))
  handle(app, S.payments, ({ caller, db }) => listPayments(db, caller.organisationId))
  // The return page polls this (it asks the provider while the payment is open).
  handle(app, S.payment, ({ caller, params }) => refreshedPayment(deps, caller.organisationId, params.id), {
    preHandler: perOrganisationPath(app, 'payment-refresh', 600),
  })
  handle(app, S.downloadInvoice, async ({ caller, db, params, reply }) => {
    const invoice = await findInvoice(db, caller.organisationId, params.id)
    const pdf = await renderInvoicePdf(await invoiceDocument(db, invoice))
    return download(reply, { type: 'application/pdf', filename: `${invoice.number}.pdf`, body: Buffer.from(pdf) })
  })
  // Mollie retries a webhook that fails; it never needs more than a few per payment, but one
  // address sends them all (and the 50-at-once test), so the limit is generous.
  const limited = { config: perIp(600) }
  handle(app, S.optionPaymentWebhook, (ctx) => webhook(deps, ctx, 'subscription'), limited)
  handle(app, S.recurringPaymentWebhook, (ctx) => webhook(deps, ctx, 'renewal'), limited)
}
export default routes
