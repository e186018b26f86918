import { and, desc, eq, gt, isNull } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import type { PriceBreakdown } from '../../../contract/subscriptions'
import type { PaidCoursePaymentResult } from '../../../contract/trainings'
import { authorize, type TenantCaller } from '../../auth/caller'
import type { DbOrTx } from '../../db/client'
import { type organisations, payments, trainingCourses } from '../../db/schema'
import { AppError } from '../../errors'
import type { CreatedPayment } from '../../integrations/payments/port'
import { auditEmployee } from '../audit'
import { applyState, lockOrganisation } from '../billing/apply'
import { loadOrganisation, providerCustomer } from '../billing/customer'
import type { BillingDeps } from '../billing/deps'
import { returnUrl, webhookUrl } from '../billing/deps'
import { redeemDiscount } from '../billing/discount-codes'
import { discountFor } from '../billing/discount-terms'
import { sellerFromConfig } from '../billing/invoice-pdf'
import { priceBreakdown } from '../billing/pricing'
import { findPaymentView } from '../billing/read'
import { decideVat } from '../billing/vat'
import { ownedCourses } from '../trainings/read'
import { PENDING_PURCHASE_MINUTES } from '../whatsapp-credits/purchase'

/*
 * Buying a paid course (README.md): a one-off payment at the provider through billing's one path,
 * as WhatsApp credits are bought — the webhook, the return page and reconciliation all apply it
 * with `applyProviderPayment`, and a paid one grants the course, counts its discount code and
 * issues its invoice in the transaction that records it (billing/on-paid.ts), once. Nothing due
 * (a 100% code) is paid at once: owned with a €0 invoice, no provider payment.
 */

type Org = typeof organisations.$inferSelect
type CourseRow = typeof trainingCourses.$inferSelect

/** A live paid course of the platform, or 404 (any other id, a training or manual among them). */
async function paidCourse(db: DbOrTx, id: string): Promise<CourseRow> {
  const [row] = await db
    .select()
    .from(trainingCourses)
    .where(
      and(
        eq(trainingCourses.id, id),
        eq(trainingCourses.kind, 'paid'),
        isNull(trainingCourses.organisationId),
        isNull(trainingCourses.deletedAt),
      ),
    )
  if (!row) throw new AppError('TRAINING_COURSE_NOT_FOUND')
  return row
}

/** What the payment is for, in the organisation's invoice language (also the provider's description). */
export const courseDescription = (o: Pick<Org, 'invoiceLanguage'>, course: Pick<CourseRow, 'title' | 'titleEn'>) =>
  o.invoiceLanguage === 'en' ? `Course: ${course.titleEn || course.title}` : `Cursus: ${course.title}`

/** The course's price for the organisation now: its VAT decision and, with a code, the discount. */
async function coursePrice(deps: BillingDeps, org: Org, course: CourseRow, code: string | undefined, now: Date) {
  const discount = code ? await discountFor(deps.db, { code, organisationId: org.id, product: course.id, now }) : null
  const vat = await decideVat({ db: deps.db, organisation: org, vatCheck: deps.vatCheck, now })
  const price = priceBreakdown({
    netCents: course.priceCents ?? 0,
    discount: discount?.discount ?? null,
    vatRateBasisPoints: vat.rateBasisPoints,
  })
  return { price, vat, discountCodeId: discount?.id ?? null }
}

/**
 * `GET …/paid-courses/{id}/discount-codes/{code}`: the course's price with the code, or the one
 * INVALID_DISCOUNT_CODE for every reason it does not apply (unknown, inactive, not yet or no
 * longer valid, used up, not for this course).
 */
export async function courseDiscountQuote(
  deps: BillingDeps,
  caller: TenantCaller,
  q: { id: string; code: string },
  now: Date = new Date(),
): Promise<PriceBreakdown> {
  const course = await paidCourse(deps.db, q.id)
  const org = await loadOrganisation(deps, caller.organisationId)
  return (await coursePrice(deps, org, course, q.code, now)).price
}

/** Whether the organisation owns the course now (granted, not taken back). */
const owns = async (db: DbOrTx, organisationId: string, courseId: string) =>
  (await ownedCourses(db, organisationId, [courseId])).length > 0

/**
 * A checkout for this course and code started recently and still open: a second press of Buy
 * (or another owner at the same time) answers it instead of opening a second payment.
 */
async function openCheckout(db: DbOrTx, org: Org, courseId: string, discountCodeId: string | null, now: Date) {
  const [open] = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.organisationId, org.id),
        eq(payments.kind, 'paidCourse'),
        eq(payments.paidCourseId, courseId),
        eq(payments.status, 'open'),
        gt(payments.createdAt, new Date(now.getTime() - PENDING_PURCHASE_MINUTES * 60_000)),
      ),
    )
    .orderBy(desc(payments.createdAt))
    .limit(1)
  return open && open.discountCodeId === discountCodeId && open.checkoutUrl ? open : null
}

/**
 * `POST …/paid-courses/{id}/payment?discountCode=`: an owned course is PAID_COURSE_OWNED before
 * anything is asked of the provider; €0 due is owned at once (a €0 invoice); otherwise a one-off
 * payment at the provider and the checkout to send the buyer to.
 */
export async function startCoursePayment(opts: {
  deps: BillingDeps
  caller: TenantCaller
  id: string
  discountCode?: string
  now?: Date
}): Promise<PaidCoursePaymentResult> {
  const { deps, caller } = opts
  authorize(caller, 'subscription.manage')
  const now = opts.now ?? new Date()
  const { db } = deps
  const course = await paidCourse(db, opts.id)
  const org = await loadOrganisation(deps, caller.organisationId)
  if (await owns(db, org.id, course.id)) throw new AppError('PAID_COURSE_OWNED')
  const { price, vat, discountCodeId } = await coursePrice(deps, org, course, opts.discountCode, now)
  const open = await openCheckout(db, org, course.id, discountCodeId, now)
  if (open && open.amountCents === price.totalCents)
    return { payment: await findPaymentView(db, org.id, open.id), checkoutUrl: open.checkoutUrl, owned: false }

  const paymentId = uuidv7()
  const row = {
    id: paymentId,
    organisationId: org.id,
    kind: 'paidCourse' as const,
    paidCourseId: course.id,
    autoExtend: false,
    amountCents: price.totalCents,
    price,
    vat,
    discountCodeId,
    description: courseDescription(org, course),
    createdBy: caller.kind === 'employee' ? caller.employeeId : null,
    createdAt: now,
    updatedAt: now,
  }
  const created = {
    event: 'paidCousePaymentCreate' as const,
    data: { paymentId, courseId: course.id, discountCodeId, amountCents: price.totalCents },
  }

  if (price.totalCents === 0) {
    // Nothing to collect: paid at once, through the same path a paid webhook takes.
    await db.transaction(async (tx) => {
      await lockOrganisation(tx, org.id)
      // Under the lock: a purchase that completed meanwhile (another owner, another tab) wins.
      if (await owns(tx, org.id, course.id)) throw new AppError('PAID_COURSE_OWNED')
      const [p] = await tx
        .insert(payments)
        .values({ ...row, status: 'open', sequenceType: 'oneoff' })
        .returning()
      await auditEmployee(tx, caller, created)
      // Nothing was paid, so a code taken meanwhile by another organisation (its last redemption)
      // is refused, not honoured: counted here under the code's lock, or nothing happens at all.
      if (discountCodeId && !(await redeemDiscount(tx, { discountCodeId, organisationId: org.id, paymentId, now })))
        throw new AppError('INVALID_DISCOUNT_CODE')
      await applyState(tx, {
        payment: p,
        remote: { status: 'paid', amountChargedBackCents: 0, paidAt: now },
        seller: sellerFromConfig(deps.config),
        now,
      })
    })
    return { payment: await findPaymentView(db, org.id, paymentId), checkoutUrl: null, owned: true }
  }

  let checkout: CreatedPayment
  try {
    const customerId = await providerCustomer(deps, org, caller)
    checkout = await deps.payments.createPayment({
      sequenceType: 'oneoff',
      customerId,
      amountCents: price.totalCents,
      currency: 'EUR',
      description: row.description,
      redirectUrl: returnUrl(deps.config, paymentId, 'paidCourse'),
      webhookUrl: webhookUrl(deps.config, org.id, 'paidCourse'),
      metadata: { organisationId: org.id, kind: 'paidCourse', paymentId, courseId: course.id },
    })
  } catch (err) {
    // Nothing is stored: the owner may simply try again.
    deps.log?.warn({ err, organisationId: org.id }, 'paid courses: the provider refused or failed a payment')
    throw new AppError('PAYMENT_FAILED')
  }
  await db.transaction(async (tx) => {
    await tx.insert(payments).values({
      ...row,
      status: checkout.status,
      sequenceType: 'oneoff',
      providerPaymentId: checkout.id,
      checkoutUrl: checkout.checkoutUrl,
    })
    await auditEmployee(tx, caller, created)
  })
  return { payment: await findPaymentView(db, org.id, paymentId), checkoutUrl: checkout.checkoutUrl, owned: false }
}
