import { eq } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import { describe, expect, it } from 'vitest'
import { API } from '../../../contract/endpoints'
import { auditEvents, discountCodes, invoices } from '../../../server/db/schema'
import { currentEntitlements } from '../../../server/services/billing/entitlements'
import { seedEmployee } from '../../helpers/factories'
import { pdfPages } from '../billing-pdf-text'
import { apiUrl } from '../../helpers/url'
import {
  billingApp,
  buy,
  currentOf,
  option,
  paidOrganisation,
  paymentRow,
  seedPlan,
  trialOrganisation,
} from './fixtures'

/*
 * Issue 22: plan changes (research §2.1), cancelling, the read endpoints, €0 purchases,
 * permissions and another organisation's rows.
 */

const { app, sandbox } = await billingApp()
const [start, salon, growth] = [await option(app, 'start'), await option(app, 'salon'), await option(app, 'growth')]
const DAY = 86_400_000
const get = (url: string, headers: Record<string, string>) => app.inject({ url, headers })

describe('changes between plans', () => {
  it('subscriptions: an upgrade credits the unused days of the paid term to the cent (golden 14/31 × €100 = €45.16)', async () => {
    await seedPlan(app, { code: 'golden100', monthly: 10_000, yearly: 100_000, rank: 2 })
    const org = await paidOrganisation(app, {
      code: 'golden100',
      paidNetCents: 10_000,
      validTo: new Date(Date.now() + 14.5 * DAY),
      periodDays: 31,
    })
    const res = await get(
      apiUrl(API.subscriptions.remainingAmount, { org: org.id }, { optionId: growth.id, period: 'monthly' }),
      org.owner.headers,
    )
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      remainingCents: 4516,
      daysLeft: 14,
      daysInPeriod: 31,
      policy: 'immediate',
      price: {
        netCents: 9900,
        discountCents: 0,
        creditCents: 4516,
        netAfterDiscountCents: 5384,
        vatRateBasisPoints: 2100,
        vatCents: 1131,
        totalCents: 6515,
      },
    })
    // Buying it charges exactly that, and once paid the old term completes and the new one starts now.
    const bought = await buy(app, org.id, org.owner.headers, {
      optionId: growth.id,
      period: 'monthly',
      autoExtend: true,
    })
    expect(bought.json().payment).toMatchObject({ amountCents: 6515, netCents: 5384 })
    const row = await paymentRow(app, bought.json().payment.id)
    await sandbox.choose(row.providerPaymentId!, 'paid')
    const current = await currentOf(app, org.id)
    expect(current.optionId).toBe(growth.id)
    expect(current.id).not.toBe(org.subscriptionId)
    expect(Math.abs(current.validFrom.getTime() - Date.now())).toBeLessThan(60_000)
    const [invoice] = await app.db.select().from(invoices).where(eq(invoices.paymentId, row.id))
    expect(invoice.lines.map((l) => l.totalCents)).toEqual([9900, -4516])
    expect(invoice).toMatchObject({ netCents: 5384, vatCents: 1131, totalCents: 6515 })
  })

  it('subscriptions: monthly → yearly of the same plan is immediate; yearly → monthly is refused; the same is unchanged', async () => {
    const monthly = await paidOrganisation(app, { code: 'salon', period: 'monthly' })
    const up = await buy(app, monthly.id, monthly.owner.headers, {
      optionId: salon.id,
      period: 'yearly',
      autoExtend: true,
    })
    expect(up.statusCode).toBe(201)
    expect(up.json().payment.netCents).toBeLessThan(59_000)
    const yearly = await paidOrganisation(app, { code: 'growth', period: 'yearly' })
    const down = await buy(app, yearly.id, yearly.owner.headers, {
      optionId: growth.id,
      period: 'monthly',
      autoExtend: true,
    })
    expect(down.statusCode).toBe(409)
    expect(down.json().code).toBe('YEARLY_TO_MONTHLY')
    const same = await buy(app, yearly.id, yearly.owner.headers, {
      optionId: growth.id,
      period: 'yearly',
      autoExtend: true,
    })
    expect(same.json().code).toBe('SUBSCRIPTION_UNCHANGED')
    const unknown = await buy(app, yearly.id, yearly.owner.headers, {
      optionId: uuidv7(),
      period: 'yearly',
      autoExtend: true,
    })
    expect(unknown.json().code).toBe('SUBSCRIPTION_OPTION_NOT_FOUND')
  })

  it('subscriptions: a downgrade is scheduled for the end of the term, with no payment; the next payment is the lower plan', async () => {
    const org = await paidOrganisation(app, { code: 'growth', period: 'monthly' })
    const res = await buy(app, org.id, org.owner.headers, { optionId: start.id, period: 'monthly', autoExtend: true })
    expect(res.statusCode).toBe(201)
    expect(res.json()).toMatchObject({ payment: null, checkoutUrl: null })
    expect(res.json().subscription.scheduledChange).toEqual({
      optionId: start.id,
      period: 'monthly',
      from: org.validTo.toISOString(),
    })
    const current = await currentOf(app, org.id)
    expect(current).toMatchObject({ optionId: growth.id, scheduledOptionId: start.id })
    const next = await get(apiUrl(API.subscriptions.nextPayment, { org: org.id }), org.owner.headers)
    expect(next.json()).toMatchObject({
      date: org.validTo.toISOString(),
      optionId: start.id,
      price: { netCents: 2900, totalCents: 3509 },
    })
    const init = await get(apiUrl(API.subscriptions.initializeOptions, { org: org.id }), org.owner.headers)
    const byCode = Object.fromEntries(init.json().options.map((o: { code: string }) => [o.code, o]))
    expect(byCode.start.monthly.policy).toBe('endOfTerm')
    expect(byCode.growth.monthly.policy).toBe('same')
    expect(byCode.growth.yearly.policy).toBe('immediate')
    expect(init.json().vat).toMatchObject({ rule: 'nl', rateBasisPoints: 2100 })
  })

  it('subscriptions: on a trial every option is new, at its full price', async () => {
    const org = await trialOrganisation(app)
    const init = await get(apiUrl(API.subscriptions.initializeOptions, { org: org.id }), org.owner.headers)
    for (const o of init.json().options) {
      expect([o.monthly.policy, o.yearly.policy]).toEqual(['new', 'new'])
      expect(o.monthly.price.creditCents).toBe(0)
    }
    expect(init.json().current.trial).toBe(true)
    expect((await get(apiUrl(API.subscriptions.nextPayment, { org: org.id }), org.owner.headers)).json()).toBeNull()
  })
})

describe('POST …/cancel-subscription', () => {
  it('subscriptions: cancel runs until valid-to, charges no renewal, and is audited', async () => {
    const org = await paidOrganisation(app, { code: 'salon' })
    const res = await app.inject({
      method: 'POST',
      url: apiUrl(API.subscriptions.cancel, { org: org.id }),
      headers: org.owner.headers,
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      status: 'canceled',
      displayStatus: 'cancelled',
      autoExtend: false,
      validTo: org.validTo.toISOString(),
    })
    const access = await get(apiUrl(API.subscriptions.access, { org: org.id }), org.owner.headers)
    expect(access.json()).toMatchObject({ access: 'full', displayStatus: 'cancelled' })
    expect((await get(apiUrl(API.subscriptions.nextPayment, { org: org.id }), org.owner.headers)).json()).toBeNull()
    const after = await currentEntitlements(app.db, org.id, new Date(org.validTo.getTime() + DAY))
    expect(after).toMatchObject({ access: 'readOnly', displayStatus: 'expired' })
    const audits = await app.db.select().from(auditEvents).where(eq(auditEvents.organisationId, org.id))
    expect(audits.map((a) => a.event)).toContain('cancelSubscription')
    // Twice: the same answer.
    const again = await app.inject({
      method: 'POST',
      url: apiUrl(API.subscriptions.cancel, { org: org.id }),
      headers: org.owner.headers,
    })
    expect(again.json().canceledAt).toBe(res.json().canceledAt)
  })

  it('subscriptions: nothing running to cancel is NO_SUBSCRIPTION', async () => {
    const org = await paidOrganisation(app, { code: 'salon', validTo: new Date(Date.now() - DAY) })
    const res = await app.inject({
      method: 'POST',
      url: apiUrl(API.subscriptions.cancel, { org: org.id }),
      headers: org.owner.headers,
    })
    expect(res.statusCode).toBe(409)
    expect(res.json().code).toBe('NO_SUBSCRIPTION')
  })
})

describe('€0 purchases and discount codes', () => {
  it('subscriptions: a 100% code makes €0: paid at once with a €0 invoice, no provider payment', async () => {
    const code = `FREE${uuidv7().slice(-6).toUpperCase()}`
    await app.db.insert(discountCodes).values({ id: uuidv7(), code, type: 'percent', value: 10_000, duration: 'once' })
    const org = await trialOrganisation(app)
    const quote = await get(
      apiUrl(
        API.subscriptions.discountCode,
        { org: org.id },
        { code: code.toLowerCase(), optionId: salon.id, period: 'monthly' },
      ),
      org.owner.headers,
    )
    expect(quote.json()).toMatchObject({ netCents: 5900, discountCents: 5900, totalCents: 0 })
    const res = await buy(app, org.id, org.owner.headers, {
      optionId: salon.id,
      period: 'monthly',
      autoExtend: false,
      discountCode: code,
    })
    expect(res.statusCode).toBe(201)
    expect(res.json()).toMatchObject({
      checkoutUrl: null,
      payment: { status: 'paid', state: 'confirmed', amountCents: 0 },
    })
    expect((await paymentRow(app, res.json().payment.id)).providerPaymentId).toBeNull()
    const [invoice] = await app.db.select().from(invoices).where(eq(invoices.paymentId, res.json().payment.id))
    expect(invoice).toMatchObject({ netCents: 0, vatCents: 0, totalCents: 0 })
    expect(invoice.lines.map((l) => l.totalCents)).toEqual([5900, -5900])
    expect(await currentOf(app, org.id)).toMatchObject({ trial: false, optionId: salon.id })
  })

  it('subscriptions: an unknown code is INVALID_DISCOUNT_CODE and starts nothing', async () => {
    const org = await trialOrganisation(app)
    const res = await buy(app, org.id, org.owner.headers, {
      optionId: salon.id,
      period: 'monthly',
      autoExtend: true,
      discountCode: 'NOPE',
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().code).toBe('INVALID_DISCOUNT_CODE')
    const list = await get(apiUrl(API.subscriptions.payments, { org: org.id }), org.owner.headers)
    expect(list.json()).toEqual([])
  })
})

describe('the read endpoints', () => {
  it('subscriptions: the overview counts customers, employees and branches against the limits', async () => {
    const org = await paidOrganisation(app, { code: 'start' })
    await seedEmployee(app, { organisationId: org.id, salonIds: [org.salons[0].id], permissions: [] })
    const res = await get(apiUrl(API.subscriptions.overview, { org: org.id }), org.owner.headers)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      access: 'full',
      limits: { customers: 250, employees: 2, salons: 1 },
      usage: { customers: 0, employees: 2, salons: 1 },
      current: { optionId: start.id, displayStatus: 'active' },
      history: [],
    })
    const vat = await get(apiUrl(API.subscriptions.vatRate, { org: org.id }), org.owner.headers)
    expect(vat.json()).toMatchObject({ rule: 'nl', rateBasisPoints: 2100, reverseCharge: false })
  })
})

describe('who may', () => {
  it('subscriptions: readSubscription reads but may not buy or cancel; no permission is 403; access is for every employee', async () => {
    const org = await paidOrganisation(app, { code: 'salon' })
    const salonId = org.salons[0].id
    const reader = await seedEmployee(app, {
      organisationId: org.id,
      salonIds: [salonId],
      permissions: ['readSubscription'],
    })
    const nobody = await seedEmployee(app, { organisationId: org.id, salonIds: [salonId], permissions: [] })
    expect((await get(apiUrl(API.subscriptions.overview, { org: org.id }), reader.headers)).statusCode).toBe(200)
    expect((await get(apiUrl(API.subscriptions.payments, { org: org.id }), reader.headers)).statusCode).toBe(200)
    const buying = await buy(app, org.id, reader.headers, { optionId: growth.id, period: 'monthly', autoExtend: true })
    expect(buying.statusCode).toBe(403)
    const cancel = await app.inject({
      method: 'POST',
      url: apiUrl(API.subscriptions.cancel, { org: org.id }),
      headers: reader.headers,
    })
    expect(cancel.statusCode).toBe(403)
    expect((await get(apiUrl(API.subscriptions.overview, { org: org.id }), nobody.headers)).statusCode).toBe(403)
    expect((await get(apiUrl(API.subscriptions.access, { org: org.id }), nobody.headers)).json()).toMatchObject({
      access: 'full',
    })
    expect((await get(apiUrl(API.subscriptions.access, { org: org.id }), {})).statusCode).toBe(401)
  })

  it("subscriptions: another organisation's payment or invoice is 404, as is their organisation", async () => {
    const org = await trialOrganisation(app)
    const res = await buy(app, org.id, org.owner.headers, { optionId: salon.id, period: 'monthly', autoExtend: true })
    const payment = await paymentRow(app, res.json().payment.id)
    await sandbox.choose(payment.providerPaymentId!, 'paid')
    const [invoice] = await app.db.select().from(invoices).where(eq(invoices.paymentId, payment.id))
    const own = await get(apiUrl(API.subscriptions.downloadInvoice, { org: org.id, id: invoice.id }), org.owner.headers)
    expect(own.statusCode).toBe(200)
    expect(own.headers['content-disposition']).toContain(invoice.number)
    expect(own.headers['content-type']).toBe('application/pdf')
    const text = (await pdfPages(own.rawPayload)).join('\n')
    expect(text).toContain(invoice.number)
    expect(text).toContain('71,39')
    const other = await trialOrganisation(app)
    const theirPayment = await get(
      apiUrl(API.subscriptions.payment, { org: other.id, id: payment.id }),
      other.owner.headers,
    )
    expect(theirPayment.statusCode).toBe(404)
    expect(theirPayment.json().code).toBe('PAYMENT_NOT_FOUND')
    const theirInvoice = await get(
      apiUrl(API.subscriptions.downloadInvoice, { org: other.id, id: invoice.id }),
      other.owner.headers,
    )
    expect(theirInvoice.statusCode).toBe(404)
    expect(theirInvoice.json().code).toBe('INVOICE_NOT_FOUND')
    expect((await get(apiUrl(API.subscriptions.payments, { org: org.id }), other.owner.headers)).statusCode).toBe(404)
  })
})
