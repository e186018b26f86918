import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { auditEvents, discountCodes, discountRedemptions, invoices } from '../../../server/db/schema'
import { API } from '../../../contract/endpoints'
import { seedEmployee, seedOrganisation } from '../../helpers/factories'
import { apiUrl } from '../../helpers/url'
import { seedGlobalAdmin } from '../../helpers/global-admin'
import { billingApp } from '../subscriptions/fixtures'
import { request } from '../trainings/fixtures'
import { accessOf, discountCode, invoicesOf, P, paidCourse, paymentRow, postWebhook, recordProgress } from './fixtures'

/*
 * Issue 24, Academy: an organisation buys a paid course through billing's one payment path (the
 * sandbox calls our webhook over HTTP, as Mollie does). Paid: the course is the organisation's,
 * once, with one invoice; every employee reads it and records progress; a refund takes it back.
 */

const { app, sandbox, publicUrl } = await billingApp()
const req = request(app)
const admin = await seedGlobalAdmin(app)

async function buyer() {
  const org = await seedOrganisation(app)
  const salon = org.salons[0].id
  const employee = await seedEmployee(app, { organisationId: org.id, salonIds: [salon], permissions: [] })
  return { org, salon, employee }
}

async function startBuying(orgId: string, headers: Record<string, string>, courseId: string, code?: string) {
  const res = await req('POST', P.pay(orgId, courseId, code), headers)
  expect(res.statusCode, res.body).toBe(201)
  const body = res.json()
  const providerId = body.payment ? ((await paymentRow(app, body.payment.id)).providerPaymentId as string) : null
  return { ...body, providerId } as {
    payment: { id: string; amountCents: number; status: string; paidCourseId: string }
    checkoutUrl: string | null
    owned: boolean
    providerId: string
  }
}

describe('paid courses: who may do what', () => {
  it('academy: every employee reads the catalogue, modules and previews; buying and codes need manageSubscription; the webhook is public', async () => {
    const course = await paidCourse(app, admin)
    const { org, employee } = await buyer()
    const code = await discountCode(app, admin)
    for (const who of [employee, org.owner]) {
      expect((await req('GET', P.list(org.id), who.headers)).statusCode).toBe(200)
      expect((await req('GET', P.modules(org.id, course.id), who.headers)).statusCode).toBe(200)
      expect((await req('GET', P.segment(org.id, course.id, course.preview), who.headers)).statusCode).toBe(200)
    }
    // Without manageSubscription: 403 before anything is asked of the provider.
    expect((await req('POST', P.pay(org.id, course.id), employee.headers)).statusCode).toBe(403)
    expect((await req('GET', P.code(org.id, course.id, code.code), employee.headers)).statusCode).toBe(403)
    expect(await app.db.select().from(auditEvents).where(eq(auditEvents.event, 'paidCousePaymentCreate'))).toEqual(
      expect.not.arrayContaining([expect.objectContaining({ organisationId: org.id })]),
    )
    // The owner: the code's price, then the payment.
    const price = await req('GET', P.code(org.id, course.id, code.code), org.owner.headers)
    expect(price.statusCode).toBe(200)
    expect(price.json()).toMatchObject({ netCents: 4900, discountCents: 980, netAfterDiscountCents: 3920 })
    const started = await startBuying(org.id, org.owner.headers, course.id)
    expect(started.owned).toBe(false)
    // No session is needed for the webhook (Mollie calls it); an unknown id changes nothing.
    expect((await postWebhook(app, org.id, 'tr_unknown')).statusCode).toBe(200)
    // Signed out: 401 for everything else.
    expect((await app.inject({ url: P.list(org.id) })).statusCode).toBe(401)
    expect((await app.inject({ method: 'POST', url: P.pay(org.id, course.id) })).statusCode).toBe(401)
  })

  it("academy: another organisation's path, payment or a course that is not paid is 404", async () => {
    const course = await paidCourse(app, admin)
    const a = await buyer()
    const b = await buyer()
    const started = await startBuying(a.org.id, a.org.owner.headers, course.id)
    // Our session on their path: 404 for every call.
    for (const [method, url] of [
      ['GET', P.list(b.org.id)],
      ['GET', P.modules(b.org.id, course.id)],
      ['GET', P.segment(b.org.id, course.id, course.preview)],
      ['POST', P.pay(b.org.id, course.id)],
      ['GET', P.code(b.org.id, course.id, 'ANYCODE1')],
    ] as const)
      expect((await req(method, url, a.org.owner.headers)).statusCode, url).toBe(404)
    // Their owner cannot read our payment.
    const theirs = await req('GET', P.payment(b.org.id, started.payment.id), b.org.owner.headers)
    expect(theirs.statusCode).toBe(404)
    expect(theirs.json().code).toBe('PAYMENT_NOT_FOUND')
    // A training, a manual or a made-up id is no paid course.
    const training = (
      await req('POST', apiUrl(API.trainings.createCourse, { org: a.org.id }), a.org.owner.headers, { title: 'Eigen' })
    ).json()
    for (const id of [training.id, crypto.randomUUID()]) {
      const res = await req('POST', P.pay(a.org.id, id), a.org.owner.headers)
      expect(res.statusCode).toBe(404)
      expect(res.json().code).toBe('TRAINING_COURSE_NOT_FOUND')
    }
  })
})

describe('paid courses: buying', () => {
  it('academy: buying opens a one-off payment with its checkout and return page, audited; nothing owned yet', async () => {
    const course = await paidCourse(app, admin)
    const { org, employee, salon } = await buyer()
    const started = await startBuying(org.id, org.owner.headers, course.id)
    expect(started.checkoutUrl).toBe(`${publicUrl}/dev/checkout/${started.providerId}`)
    expect(started.payment).toMatchObject({
      kind: 'paidCourse',
      paidCourseId: course.id,
      status: 'open',
      amountCents: 5929,
      netCents: 4900,
      vatCents: 1029,
    })
    const remote = sandbox.state.getPayment(started.providerId)
    expect(remote).toMatchObject({ sequenceType: 'oneoff', amountCents: 5929 })
    expect(remote.redirectUrl).toBe(`${publicUrl}/admin/academy/payments/${started.payment.id}`)
    expect(remote.webhookUrl).toBe(`${publicUrl}${P.webhook(org.id)}`)
    expect(remote.metadata).toMatchObject({ organisationId: org.id, kind: 'paidCourse', paymentId: started.payment.id })
    const audits = await app.db.select().from(auditEvents).where(eq(auditEvents.organisationId, org.id))
    expect(audits.map((a) => a.event)).toContain('paidCousePaymentCreate')
    expect(await accessOf(app, org.id)).toEqual([])
    // Still the preview only; no progress in the rest.
    const blocked = await req('GET', P.segment(org.id, course.id, course.paid[0]), employee.headers)
    expect(blocked.statusCode).toBe(403)
    expect(blocked.json().code).toBe('PAID_COURSE_NOT_OWNED')
    // Pressing Buy again while the checkout is open answers the same checkout.
    const again = await startBuying(org.id, org.owner.headers, course.id)
    expect(again.payment.id).toBe(started.payment.id)
    expect(again.checkoutUrl).toBe(started.checkoutUrl)
    // Progress: in the preview yes, in the rest 403 like locked content (recorded as rejected).
    const who = { id: employee.id, headers: employee.headers }
    expect(
      (await recordProgress(app, { org: org.id, salon, who, courseId: course.id, segmentId: course.preview })).status,
    ).toBe('applied')
    expect(
      await recordProgress(app, { org: org.id, salon, who, courseId: course.id, segmentId: course.paid[0] }),
    ).toMatchObject({ status: 'rejected', code: 'PAID_COURSE_NOT_OWNED' })
  })

  it('academy: paid → owned by the organisation (every employee reads it, records progress), once: the webhook replayed grants once and issues one invoice', async () => {
    const course = await paidCourse(app, admin)
    const { org, employee, salon } = await buyer()
    const other = await buyer()
    const started = await startBuying(org.id, org.owner.headers, course.id)
    const [delivery] = await sandbox.choose(started.providerId, 'paid')
    expect(delivery.status).toBe(200)
    for (let i = 0; i < 3; i++) expect((await sandbox.deliverWebhook(started.providerId))?.status).toBe(200)
    await Promise.all(Array.from({ length: 5 }, () => postWebhook(app, org.id, started.providerId)))

    const access = await accessOf(app, org.id)
    expect(access).toHaveLength(1)
    expect(access[0]).toMatchObject({ courseId: course.id, paymentId: started.payment.id, revokedAt: null })
    const [invoice, ...more] = await invoicesOf(app, started.payment.id)
    expect(more).toHaveLength(0)
    expect(invoice).toMatchObject({ kind: 'invoice', netCents: 4900, vatCents: 1029, totalCents: 5929 })
    expect(invoice.lines[0].description).toMatch(/^Cursus: Peeling /)
    const grants = await app.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.organisationId, org.id), eq(auditEvents.event, 'paidCourseAccessGrant')))
    expect(grants).toHaveLength(1)
    const view = (await req('GET', P.payment(org.id, started.payment.id), org.owner.headers)).json()
    expect(view).toMatchObject({ state: 'confirmed', invoiceNumber: invoice.number, paidCourseId: course.id })

    // Every employee of the organisation: owned, every segment 200; another organisation: 403.
    for (const who of [employee, org.owner]) {
      const offer = (await req('GET', P.list(org.id), who.headers))
        .json()
        .find((c: { id: string }) => c.id === course.id)
      expect(offer.owned).toBe(true)
      for (const s of course.paid) {
        const res = await req('GET', P.segment(org.id, course.id, s), who.headers)
        expect(res.statusCode).toBe(200)
        expect(res.json().text).toMatch(/<p>/)
      }
    }
    const theirs = await req('GET', P.segment(other.org.id, course.id, course.paid[0]), other.org.owner.headers)
    expect(theirs.statusCode).toBe(403)
    expect(
      await recordProgress(app, {
        org: org.id,
        salon,
        who: { id: employee.id, headers: employee.headers },
        courseId: course.id,
        segmentId: course.paid[0],
        completed: true,
      }),
    ).toMatchObject({ status: 'applied' })

    // Buying it again: a clear refusal, nothing asked of the provider.
    const twice = await req('POST', P.pay(org.id, course.id), org.owner.headers)
    expect(twice.statusCode).toBe(409)
    expect(twice.json().code).toBe('PAID_COURSE_OWNED')
  })

  for (const status of ['failed', 'canceled', 'expired'] as const) {
    it(`academy: a ${status} payment grants nothing and issues no invoice`, async () => {
      const course = await paidCourse(app, admin)
      const { org } = await buyer()
      const started = await startBuying(org.id, org.owner.headers, course.id)
      await sandbox.choose(started.providerId, status)
      expect((await paymentRow(app, started.payment.id)).status).toBe(status)
      expect(await accessOf(app, org.id)).toEqual([])
      expect(await invoicesOf(app, started.payment.id)).toHaveLength(0)
    })
  }

  it('academy: a 100% code → owned at once with a €0 invoice, no provider payment, the code redeemed', async () => {
    const course = await paidCourse(app, admin)
    const { org, employee } = await buyer()
    const code = await discountCode(app, admin, { value: 10_000, appliesTo: [course.id] })
    const quoted = (await req('GET', P.code(org.id, course.id, code.code.toLowerCase()), org.owner.headers)).json()
    expect(quoted).toMatchObject({ netCents: 4900, discountCents: 4900, vatCents: 0, totalCents: 0 })
    const before = sandbox.state.snapshot().payments.length
    const started = await startBuying(org.id, org.owner.headers, course.id, code.code)
    expect(started).toMatchObject({ owned: true, checkoutUrl: null, payment: { status: 'paid', amountCents: 0 } })
    expect(sandbox.state.snapshot().payments.length).toBe(before)
    expect((await paymentRow(app, started.payment.id)).providerPaymentId).toBeNull()
    const [invoice] = await invoicesOf(app, started.payment.id)
    expect(invoice).toMatchObject({ totalCents: 0, netCents: 0, vatCents: 0 })
    expect(invoice.lines.map((l) => l.totalCents)).toEqual([4900, -4900])
    expect((await accessOf(app, org.id)).map((a) => a.courseId)).toEqual([course.id])
    const [row] = await app.db.select().from(discountCodes).where(eq(discountCodes.id, code.id))
    expect(row.redeemedCount).toBe(1)
    expect((await req('GET', P.segment(org.id, course.id, course.paid[1]), employee.headers)).statusCode).toBe(200)
  })

  it('academy: the invalid-code answer is the same for an unknown, expired, used-up or other course’s code, in both calls', async () => {
    const course = await paidCourse(app, admin)
    const otherCourse = await paidCourse(app, admin)
    const { org } = await buyer()
    const expired = await discountCode(app, admin, {
      validFrom: new Date(Date.now() - 2 * 86_400_000).toISOString(),
      expiresAt: new Date(Date.now() - 86_400_000).toISOString(),
    })
    const elsewhere = await discountCode(app, admin, { appliesTo: [otherCourse.id] })
    const planOnly = await discountCode(app, admin, { appliesTo: ['salon'] })
    const usedUp = await discountCode(app, admin, { maxRedemptions: 1 })
    await app.db.update(discountCodes).set({ redeemedCount: 1 }).where(eq(discountCodes.id, usedUp.id))
    const answers = []
    for (const code of ['NOSUCHCODE1', expired.code, elsewhere.code, planOnly.code, usedUp.code]) {
      const res = await req('GET', P.code(org.id, course.id, code), org.owner.headers)
      const pay = await req('POST', P.pay(org.id, course.id, code), org.owner.headers)
      answers.push([res.statusCode, res.body], [pay.statusCode, pay.body])
    }
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1)
    expect(answers[0][0]).toBe(400)
    expect(JSON.parse(answers[0][1] as string)).toEqual({
      code: 'INVALID_DISCOUNT_CODE',
      message: 'Invalid or expired code',
    })
    // The same code where it applies: the other course.
    expect((await req('GET', P.code(org.id, otherCourse.id, elsewhere.code), org.owner.headers)).statusCode).toBe(200)
    // An empty appliesTo applies to every paid course (and every plan).
    const everything = await discountCode(app, admin)
    expect((await req('GET', P.code(org.id, course.id, everything.code), org.owner.headers)).statusCode).toBe(200)
  })

  it('academy: two organisations pay at once with the last redemption of a code: counted once, both own the course they paid', async () => {
    const course = await paidCourse(app, admin)
    const code = await discountCode(app, admin, { value: 5000, maxRedemptions: 1 })
    const a = await buyer()
    const b = await buyer()
    const pa = await startBuying(a.org.id, a.org.owner.headers, course.id, code.code)
    const pb = await startBuying(b.org.id, b.org.owner.headers, course.id, code.code)
    expect(pa.payment.amountCents).toBe(pb.payment.amountCents)
    for (const id of [pa.providerId, pb.providerId]) sandbox.state.setStatus(id, 'paid')
    await Promise.all([postWebhook(app, a.org.id, pa.providerId), postWebhook(app, b.org.id, pb.providerId)])
    const redemptions = await app.db
      .select()
      .from(discountRedemptions)
      .where(eq(discountRedemptions.discountCodeId, code.id))
    expect(redemptions).toHaveLength(1)
    expect((await app.db.select().from(discountCodes).where(eq(discountCodes.id, code.id)))[0].redeemedCount).toBe(1)
    for (const o of [a, b]) expect((await accessOf(app, o.org.id)).map((x) => x.courseId)).toEqual([course.id])
    // A third organisation no longer gets it.
    const c = await buyer()
    expect((await req('GET', P.code(c.org.id, course.id, code.code), c.org.owner.headers)).statusCode).toBe(400)
  })

  it('academy: two €0 purchases at once with the last redemption of a 100% code: one owns it, the other is refused and owns nothing', async () => {
    const course = await paidCourse(app, admin)
    const code = await discountCode(app, admin, { value: 10_000, maxRedemptions: 1 })
    const a = await buyer()
    const b = await buyer()
    const results = await Promise.all(
      [a, b].map((o) => req('POST', P.pay(o.org.id, course.id, code.code), o.org.owner.headers)),
    )
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400])
    const owners = [(await accessOf(app, a.org.id)).length, (await accessOf(app, b.org.id)).length]
    expect(owners.sort()).toEqual([0, 1])
    expect(
      await app.db.select().from(discountRedemptions).where(eq(discountRedemptions.discountCodeId, code.id)),
    ).toHaveLength(1)
  })

  it('academy: a refund at the provider takes the course back, with a credit note; a chargeback too', async () => {
    const course = await paidCourse(app, admin)
    const { org, employee, salon } = await buyer()
    const started = await startBuying(org.id, org.owner.headers, course.id)
    await sandbox.choose(started.providerId, 'paid')
    expect((await req('GET', P.segment(org.id, course.id, course.paid[0]), employee.headers)).statusCode).toBe(200)
    // Refunded in the provider's dashboard; Mollie calls the webhook (twice here: applied once).
    await sandbox.refund({ paymentId: started.providerId, amountCents: 5929, currency: 'EUR', description: 'x' })
    for (let i = 0; i < 2; i++) expect((await sandbox.deliverWebhook(started.providerId))?.status).toBe(200)
    const [access] = await accessOf(app, org.id)
    expect(access.revokedAt).not.toBeNull()
    const notes = await app.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.paymentId, started.payment.id), eq(invoices.kind, 'creditNote')))
    expect(notes).toHaveLength(1)
    expect(notes[0]).toMatchObject({ totalCents: -5929, netCents: -4900, vatCents: -1029 })
    const blocked = await req('GET', P.segment(org.id, course.id, course.paid[0]), employee.headers)
    expect(blocked.json().code).toBe('PAID_COURSE_NOT_OWNED')
    expect(
      (await req('GET', P.list(org.id), employee.headers)).json().find((c: { id: string }) => c.id === course.id).owned,
    ).toBe(false)
    expect(
      await recordProgress(app, {
        org: org.id,
        salon,
        who: { id: employee.id, headers: employee.headers },
        courseId: course.id,
        segmentId: course.paid[0],
      }),
    ).toMatchObject({ status: 'rejected', code: 'PAID_COURSE_NOT_OWNED' })
    const revokes = await app.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.organisationId, org.id), eq(auditEvents.event, 'paidCourseAccessRevoke')))
    expect(revokes).toHaveLength(1)
    // Bought again: owned again (a new grant for the new payment).
    const again = await startBuying(org.id, org.owner.headers, course.id)
    await sandbox.choose(again.providerId, 'paid')
    expect((await accessOf(app, org.id))[0]).toMatchObject({ revokedAt: null, paymentId: again.payment.id })

    // A chargeback of that one takes it back as well.
    const [charged] = await sandbox.chargeback(again.providerId)
    expect(charged.status).toBe(200)
    expect((await accessOf(app, org.id))[0].revokedAt).not.toBeNull()
  })
})
