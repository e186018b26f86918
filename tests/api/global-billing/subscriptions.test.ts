import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { API } from '../../../contract/endpoints'
import { auditEvents, invoices, subscriptions } from '../../../server/db/schema'
import { billingDepsOf } from '../../../server/services/billing/deps'
import { chargeRenewal } from '../../../server/services/billing/renewal'
import { remainingCredit, vatOf } from '../../../server/services/billing/pricing'
import { seedGlobalAdmin } from '../../helpers/global-admin'
import { apiUrl } from '../../helpers/url'
import {
  billingApp,
  buy,
  currentOf,
  option,
  paidOrganisation,
  paymentRow,
  trialOrganisation,
} from '../subscriptions/fixtures'

/*
 * Issue 23: the global admin's customer subscriptions: the list (filters, search, last payment),
 * cancelling with a reason at the end of the term or now with a refund and a credit note, and a
 * plan's price change that leaves the running term alone.
 */

const { app, sandbox } = await billingApp()
const deps = billingDepsOf(app)
const admin = await seedGlobalAdmin(app)
const salon = await option(app, 'salon')

const list = (query: Record<string, string>) =>
  app.inject({
    url: `${apiUrl(API.globalSubscriptions.customerSubscriptions)}?${new URLSearchParams(query)}`,
    headers: admin.headers,
  })
const cancel = (id: string, query: Record<string, string>) =>
  app.inject({
    method: 'DELETE',
    url: `${apiUrl(API.globalSubscriptions.cancelCustomerSubscription, { id })}?${new URLSearchParams(query)}`,
    headers: admin.headers,
  })

/** Salon monthly bought through the checkout: a real provider payment with its invoice. */
async function subscribed() {
  const org = await trialOrganisation(app)
  const res = await buy(app, org.id, org.owner.headers, { optionId: salon.id, period: 'monthly', autoExtend: true })
  const payment = await paymentRow(app, res.json().payment.id)
  await sandbox.choose(payment.providerPaymentId!, 'paid')
  return { org, payment: await paymentRow(app, payment.id), subscription: await currentOf(app, org.id) }
}

describe('GET /global/subscriptions/customer-subscriptions', () => {
  it('lists current and history with organisation, plan, period, valid-to, auto-extend and last payment; filters and searches', async () => {
    const { org, payment, subscription } = await subscribed()
    const [orgName] = (await app.db.query.organisations.findMany())
      .filter((o) => o.id === org.id)
      .map((o) => o.companyName)
    const res = await list({ search: orgName })
    expect(res.statusCode).toBe(200)
    const page = res.json()
    // The trial (history, completed) and the paid subscription.
    expect(page.total).toBe(2)
    const current = page.items.find((i: { id: string }) => i.id === subscription.id)
    expect(current).toMatchObject({
      organisation: { id: org.id, name: orgName },
      plan: { id: salon.id, code: 'salon' },
      period: 'monthly',
      state: 'active',
      current: true,
      validTo: subscription.validTo.toISOString(),
      autoExtend: true,
      lastPayment: { id: payment.id, amountCents: payment.amountCents },
    })
    const history = page.items.find((i: { id: string }) => i.id !== subscription.id)
    expect(history).toMatchObject({ trial: true, current: false, state: 'expired' })
    expect((await list({ search: orgName, status: 'active' })).json().items.map((i: { id: string }) => i.id)).toEqual([
      subscription.id,
    ])
    expect((await list({ search: orgName, status: 'expired' })).json().total).toBe(1)
    expect((await list({ search: orgName, status: 'trial' })).json().total).toBe(0)
    const trial = await trialOrganisation(app)
    const trialName = (await app.db.query.organisations.findFirst({ where: (o, { eq }) => eq(o.id, trial.id) }))!
      .companyName
    expect((await list({ search: trialName, status: 'trial' })).json().total).toBe(1)
    // Paging.
    const one = (await list({ pageSize: '1', page: '2' })).json()
    expect(one.items).toHaveLength(1)
    expect(one.total).toBeGreaterThanOrEqual(3)
    expect((await list({ status: 'nonsense' })).statusCode).toBe(400)
  })
})

describe('DELETE /global/subscriptions/customer-subscriptions/{id}', () => {
  it('endOfTerm: cancelled, runs until valid-to, audited with the reason; twice is a clear error', async () => {
    const org = await paidOrganisation(app, { code: 'salon' })
    const res = await cancel(org.subscriptionId, { reason: 'Customer asked by phone', mode: 'endOfTerm' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      subscription: { state: 'cancelled', status: 'canceled', validTo: org.validTo.toISOString(), autoExtend: false },
      refund: null,
    })
    const [entry] = await app.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.organisationId, org.id), eq(auditEvents.event, 'cancelSubscription')))
    expect(entry).toMatchObject({ actorKind: 'globalAdmin', actorId: admin.id })
    expect(entry.data).toMatchObject({ reason: 'Customer asked by phone', mode: 'endOfTerm' })
    const again = await cancel(org.subscriptionId, { reason: 'Again', mode: 'endOfTerm' })
    expect(again.statusCode).toBe(409)
    expect(again.json().code).toBe('SUBSCRIPTION_ALREADY_CANCELLED')
  })

  it('the reason is required; a refund only with mode=now; unknown id 404', async () => {
    const org = await paidOrganisation(app, { code: 'salon' })
    expect((await cancel(org.subscriptionId, { mode: 'now' })).statusCode).toBe(400)
    expect(
      (await cancel(org.subscriptionId, { reason: 'Why not', mode: 'endOfTerm', refund: 'true' })).statusCode,
    ).toBe(400)
    const missing = await cancel('01970000-0000-7000-8000-0000000000ff', { reason: 'Gone', mode: 'now' })
    expect(missing.json().code).toBe('SUBSCRIPTION_NOT_FOUND')
  })

  it('now with refund: ends at once, refunds the unused days to the cent and issues a credit note referring to the invoice', async () => {
    const { org, payment, subscription } = await subscribed()
    const now = Date.now()
    const res = await cancel(subscription.id, { reason: 'Fraud suspected', mode: 'now', refund: 'true' })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.subscription.state).toBe('expired')
    expect(new Date(body.subscription.validTo).getTime()).toBeLessThanOrEqual(Date.now())
    expect(new Date(body.subscription.validTo).getTime()).toBeGreaterThanOrEqual(now - 1000)
    const credit = remainingCredit({
      paidNetCents: payment.price.netAfterDiscountCents,
      validFrom: payment.periodStart!,
      validTo: payment.periodEnd!,
      now: new Date(),
    })
    const vat = vatOf(credit.remainingCents, payment.vat.rateBasisPoints)
    expect(body.refund).toMatchObject({
      netCents: credit.remainingCents,
      vatCents: vat,
      amountCents: credit.remainingCents + vat,
    })
    expect(body.refund.amountCents).toBeGreaterThan(0)
    // At the provider.
    const refunds = sandbox.state.snapshot().refunds.filter((r) => r.paymentId === payment.providerPaymentId)
    expect(refunds.map((r) => r.amountCents)).toEqual([body.refund.amountCents])
    // The credit note: same series, negative, refers to the original invoice.
    const rows = await app.db.select().from(invoices).where(eq(invoices.paymentId, payment.id))
    const invoice = rows.find((r) => r.kind === 'invoice')!
    const note = rows.find((r) => r.kind === 'creditNote')!
    expect(note).toMatchObject({
      issuer: invoice.issuer,
      creditedInvoiceId: invoice.id,
      netCents: -credit.remainingCents,
      vatCents: -vat,
      totalCents: -(credit.remainingCents + vat),
      number: body.refund.creditNoteNumber,
    })
    expect(note.sequence).toBeGreaterThan(invoice.sequence)
    expect(body.refund.creditedInvoiceNumber).toBe(invoice.number)
    // Read-only now; cancelling again: it has ended.
    const access = await app.inject({
      url: apiUrl(API.subscriptions.access, { org: org.id }),
      headers: org.owner.headers,
    })
    expect(access.json().access).toBe('readOnly')
    const again = await cancel(subscription.id, { reason: 'Again', mode: 'now' })
    expect(again.statusCode).toBe(409)
    expect(again.json().code).toBe('SUBSCRIPTION_ENDED')
  })

  it('a refund the provider refuses is a clear error that changes nothing', async () => {
    const { org, payment, subscription } = await subscribed()
    // Everything was refunded already (outside the app): the provider refuses another refund.
    await sandbox.refund({
      paymentId: payment.providerPaymentId!,
      amountCents: payment.amountCents,
      currency: 'EUR',
      description: 'elsewhere',
    })
    const invoicesBefore = await app.db.select().from(invoices).where(eq(invoices.organisationId, org.id))
    const res = await cancel(subscription.id, { reason: 'Refund please', mode: 'now', refund: 'true' })
    expect(res.statusCode).toBe(502)
    expect(res.json().code).toBe('REFUND_FAILED')
    expect(await currentOf(app, org.id)).toEqual(subscription)
    expect(await app.db.select().from(invoices).where(eq(invoices.organisationId, org.id))).toEqual(invoicesBefore)
    const audits = await app.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.organisationId, org.id), eq(auditEvents.actorKind, 'globalAdmin')))
    expect(audits).toEqual([])
  })

  it('a completed (history) subscription cannot be cancelled', async () => {
    const org = await paidOrganisation(app, { code: 'salon' })
    await app.db.update(subscriptions).set({ status: 'completed' }).where(eq(subscriptions.id, org.subscriptionId))
    const res = await cancel(org.subscriptionId, { reason: 'Old one', mode: 'endOfTerm' })
    expect(res.statusCode).toBe(409)
    expect(res.json().code).toBe('SUBSCRIPTION_ENDED')
  })
})

describe('a plan price change', () => {
  it('a new plan is created and sold; deactivated it is not on sale', async () => {
    const plan = await app.inject({
      method: 'POST',
      url: apiUrl(API.globalSubscriptions.createOption),
      headers: admin.headers,
      payload: {
        code: `p${Date.now().toString(36)}`,
        name: { nl: 'Proef', en: 'Trial plan' },
        monthlyPriceCents: 5000,
        yearlyPriceCents: 50000,
        limits: { customers: null, employees: 5, salons: 1 },
        features: ['whatsapp'],
        rank: 15,
        active: true,
      },
    })
    expect(plan.statusCode).toBe(201)
    const onSale = async () =>
      (await app.inject({ url: apiUrl(API.subscriptions.options) })).json().map((o: { id: string }) => o.id)
    expect(await onSale()).toContain(plan.json().id)
    const put = await app.inject({
      method: 'PUT',
      url: apiUrl(API.globalSubscriptions.updateOption, { id: plan.json().id }),
      headers: admin.headers,
      payload: { active: false },
    })
    expect(put.json()).toMatchObject({ active: false, monthlyPriceCents: 5000 })
    expect(await onSale()).not.toContain(plan.json().id)
    const all = await app.inject({ url: apiUrl(API.globalSubscriptions.allOptions), headers: admin.headers })
    expect(all.json().find((o: { id: string }) => o.id === plan.json().id)).toMatchObject({ active: false })
    const org = await trialOrganisation(app)
    const bought = await buy(app, org.id, org.owner.headers, {
      optionId: plan.json().id,
      period: 'monthly',
      autoExtend: true,
    })
    expect(bought.json().code).toBe('SUBSCRIPTION_OPTION_NOT_FOUND')
  })

  it('leaves the running term and its payment alone; the next renewal charges the new price, also when deactivated', async () => {
    const { org, payment, subscription } = await subscribed()
    const put = await app.inject({
      method: 'PUT',
      url: apiUrl(API.globalSubscriptions.updateOption, { id: salon.id }),
      headers: admin.headers,
      payload: { monthlyPriceCents: salon.monthlyPriceCents + 1000, active: false },
    })
    expect(put.statusCode).toBe(200)
    expect(await currentOf(app, org.id)).toEqual(subscription)
    expect(await paymentRow(app, payment.id)).toEqual(payment)
    const renewal = await chargeRenewal(deps, subscription.id, new Date())
    if (!renewal.charged) throw new Error(`not charged: ${JSON.stringify(renewal)}`)
    expect(renewal.payment.price.netCents).toBe(salon.monthlyPriceCents + 1000)
    expect(renewal.payment.periodStart).toEqual(subscription.validTo)
    // Put back for the file's other tests.
    await app.inject({
      method: 'PUT',
      url: apiUrl(API.globalSubscriptions.updateOption, { id: salon.id }),
      headers: admin.headers,
      payload: { monthlyPriceCents: salon.monthlyPriceCents, active: true },
    })
  })
})
