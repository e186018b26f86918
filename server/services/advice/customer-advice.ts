import { desc, eq, inArray, isNull } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import type { AdviceKind } from '../../../contract/advice'
import {
  type CustomerAdviceItem,
  type CustomerNotification,
  type EvaluatedAdvice,
  evaluateCustomerAdvice,
  explainVerdict,
  type MyAdvice,
  type NotifyChannel,
  questionLookup,
  type StaffCustomerAdvice,
} from '../../../contract/advice/customer-advice'
import type { Subcondition } from '../../../contract/conditions'
import { allows, branchesFor } from '../../../contract/policy'
import { asCustomer, authorizeInAny, authorizeInBranch, type TenantCaller } from '../../auth/caller'
import type { Db, DbOrTx } from '../../db/client'
import {
  adviceConditions,
  adviceGroups,
  advices,
  customerNotifications,
  organisations,
  questionnaireSubmissions,
  questionnaires,
} from '../../db/schema'
import { AppError } from '../../errors'
import { adviceReadyMail } from '../../integrations/mail/templates'
import type { Mailer } from '../../integrations/mail/mailer'
import type { Whatsapp } from '../../integrations/whatsapp'
import { tenant } from '../../scope'
import { auditEmployee } from '../audit'
import { loadVisibleCustomer } from '../customers/access'
import { customerMailLanguage } from '../customers/language'
import { mailBrandOf } from '../organisations/find'
import { assertMaySend } from '../organisations/sending-gate'
import { queueWhatsapp } from '../whatsapp-credits/ledger'
import { assertFeature } from '../billing/limits'
import {
  type AdviceConditionRow,
  type AdviceGroupRow,
  type AdviceRow,
  toAdvice,
  toAdviceCondition,
  toAdviceGroup,
} from './rows'

const STAFF_KINDS: readonly AdviceKind[] = ['customerAdvice', 'employeeAdvice']
const CUSTOMER_KINDS: readonly AdviceKind[] = ['customerAdvice']

type SubmissionRow = Pick<
  typeof questionnaireSubmissions.$inferSelect,
  'id' | 'questionnaireId' | 'submittedAt' | 'answers'
>

/**
 * The server's evaluation path, on rows as the database returns them: the same pure evaluation
 * the tablet runs on its replica (contract/advice/customer-advice.ts). The property test feeds
 * both the same data and compares.
 */
export function evaluateRows(input: {
  modules: readonly AdviceRow[]
  groups: readonly AdviceGroupRow[]
  conditions: readonly AdviceConditionRow[]
  submissions: readonly SubmissionRow[]
  kinds: readonly AdviceKind[]
}): EvaluatedAdvice[] {
  return evaluateCustomerAdvice({
    modules: input.modules.map(toAdvice),
    groups: input.groups.map(toAdviceGroup),
    conditions: input.conditions.map(toAdviceCondition),
    submissions: input.submissions.map((s) => ({
      id: s.id,
      questionnaireId: s.questionnaireId,
      submittedAt: s.submittedAt.toISOString(),
      answers: s.answers as { questionId: string; value: never }[],
    })),
    kinds: input.kinds,
  })
}

/** Everything the evaluation reads, for a customer in some branches (live rows only). */
async function loadInputs(db: DbOrTx, scope: { organisationId: string }, salonIds: string[], customerId: string) {
  if (salonIds.length === 0) return { modules: [], groups: [], conditions: [], submissions: [], questionnaires: [] }
  const [modules, groups, conditions, submissions, qns] = await Promise.all([
    db
      .select()
      .from(advices)
      .where(tenant(advices, scope, inArray(advices.salonId, salonIds), isNull(advices.deletedAt))),
    db
      .select()
      .from(adviceGroups)
      .where(tenant(adviceGroups, scope, inArray(adviceGroups.salonId, salonIds), isNull(adviceGroups.deletedAt))),
    db
      .select()
      .from(adviceConditions)
      .where(
        tenant(
          adviceConditions,
          scope,
          inArray(adviceConditions.salonId, salonIds),
          isNull(adviceConditions.deletedAt),
        ),
      ),
    db
      .select({
        id: questionnaireSubmissions.id,
        questionnaireId: questionnaireSubmissions.questionnaireId,
        submittedAt: questionnaireSubmissions.submittedAt,
        answers: questionnaireSubmissions.answers,
      })
      .from(questionnaireSubmissions)
      .where(
        tenant(
          questionnaireSubmissions,
          scope,
          eq(questionnaireSubmissions.customerId, customerId),
          isNull(questionnaireSubmissions.deletedAt),
        ),
      ),
    db
      .select({ id: questionnaires.id, questions: questionnaires.questions })
      .from(questionnaires)
      .where(tenant(questionnaires, scope)),
  ])
  return { modules, groups, conditions, submissions, questionnaires: qns }
}

/** Evaluated modules with their "why" in parts, for staff (employee titles) or the customer. */
function explained(
  inputs: Awaited<ReturnType<typeof loadInputs>>,
  kinds: readonly AdviceKind[],
  audience: 'employee' | 'customer',
): CustomerAdviceItem[] {
  const evaluated = evaluateRows({ ...inputs, kinds })
  const conditionsById = new Map(
    inputs.conditions.map((c) => [c.id, { id: c.id, name: c.name, subconditions: c.subconditions as Subcondition[] }]),
  )
  const lookup = questionLookup(inputs.questionnaires)
  return evaluated.map(({ advice, group, verdict }) => ({
    advice,
    group: group ? { id: group.id, name: group.name, position: group.position } : null,
    shows: verdict.shows,
    why: explainVerdict(verdict, conditionsById, lookup, audience),
  }))
}

/**
 * GET …/salons/{salon}/customers/{id}/advice: every module of the branch (both kinds) with its
 * verdict and why, in the set order. The customer must be one of the branch's. A signed-in
 * customer may ask for themselves (policy customerAdvice.read): the customer view of that branch.
 */
export async function staffCustomerAdvice(opts: {
  db: DbOrTx
  caller: TenantCaller
  salonId: string
  customerId: string
}): Promise<StaffCustomerAdvice> {
  const { db, caller, salonId } = opts
  await authorizeInBranch(db, caller, 'customerAdvice.read', salonId)
  if (caller.kind === 'customer') {
    // A customer asking in their branch gets their own customer view, never another's.
    if (opts.customerId !== caller.customerId) throw new AppError('CUSTOMER_NOT_FOUND')
    const inputs = await loadInputs(db, caller, [salonId], caller.customerId)
    const items = explained(inputs, CUSTOMER_KINDS, 'customer').filter((i) => i.shows)
    return { customerId: caller.customerId, salonId, items, evaluatedAt: new Date().toISOString() }
  }
  const customer = await loadVisibleCustomer(db, caller, opts.customerId)
  if (!customer.salonIds.includes(salonId)) throw new AppError('CUSTOMER_NOT_FOUND')
  const inputs = await loadInputs(db, caller, [salonId], customer.id)
  return {
    customerId: customer.id,
    salonId,
    items: explained(inputs, STAFF_KINDS, 'employee'),
    evaluatedAt: new Date().toISOString(),
  }
}

/**
 * GET /customers/me/advice: the signed-in customer's customer-advice modules that show, across
 * their branches (like their questionnaires), in the set order. Never employee advice, never a
 * module that does not show (its conditions are the salon's business).
 */
export async function myAdvice(opts: { db: DbOrTx; caller: TenantCaller }): Promise<MyAdvice> {
  const caller = asCustomer(opts.caller)
  const salonIds = branchesFor(caller, 'customerAdvice.read')
  const inputs = await loadInputs(opts.db, caller, salonIds, caller.customerId)
  return {
    items: explained(inputs, CUSTOMER_KINDS, 'customer').filter((i) => i.shows),
    evaluatedAt: new Date().toISOString(),
  }
}

const toNotification = (r: typeof customerNotifications.$inferSelect): CustomerNotification => ({
  id: r.id,
  kind: 'adviceReady',
  createdAt: r.createdAt.toISOString(),
  seenAt: r.seenAt?.toISOString() ?? null,
})

/** GET /customers/me/notifications: the customer's notices not yet seen, newest first. */
export async function myNotifications(opts: { db: DbOrTx; caller: TenantCaller }): Promise<CustomerNotification[]> {
  const caller = asCustomer(opts.caller)
  const rows = await opts.db
    .select()
    .from(customerNotifications)
    .where(
      tenant(
        customerNotifications,
        caller,
        eq(customerNotifications.customerId, caller.customerId),
        isNull(customerNotifications.seenAt),
      ),
    )
    .orderBy(desc(customerNotifications.createdAt))
    .limit(20)
  return rows.map(toNotification)
}

/** PUT /customers/me/notifications/{id}/seen: the notice is read (another's id: 404). */
export async function markNotificationSeen(opts: {
  db: DbOrTx
  caller: TenantCaller
  id: string
}): Promise<CustomerNotification> {
  // Staff have no notices: theirs to mark is "not found", like another customer's.
  if (opts.caller.kind !== 'customer') throw new AppError('NOTIFICATION_NOT_FOUND')
  const caller = opts.caller
  const [row] = await opts.db
    .select()
    .from(customerNotifications)
    .where(
      tenant(
        customerNotifications,
        caller,
        eq(customerNotifications.id, opts.id),
        eq(customerNotifications.customerId, caller.customerId),
      ),
    )
  if (!row) throw new AppError('NOTIFICATION_NOT_FOUND')
  if (row.seenAt) return toNotification(row)
  const [updated] = await opts.db
    .update(customerNotifications)
    .set({ seenAt: new Date() })
    .where(tenant(customerNotifications, caller, eq(customerNotifications.id, row.id)))
    .returning()
  return toNotification(updated ?? row)
}

/** The customer's advice page (their area, signed in by code). */
export const adviceLink = (publicUrl: string, slug: string) => `${publicUrl.replace(/\/$/, '')}/${slug}/advice`

/**
 * POST /customers/{id}/advice-notification: tells the customer their advice is ready — by
 * e-mail (their salon's name and logo, a link to their advice page), WhatsApp (one credit, the
 * questionnaire send's outbox) within their allowed types, or in-app (a notice on their landing
 * page until seen). In the customer's language, else the organisation's (customerMailLanguage).
 */
export async function notifyAdvice(opts: {
  db: Db
  caller: TenantCaller
  customerId: string
  channel: NotifyChannel
  mailer: Mailer
  whatsapp: Whatsapp
  publicUrl: string
  /** Counts one message against the usage limits (throws 429 when spent). */
  spend?: () => Promise<void>
}): Promise<{ channel: NotifyChannel; notificationId: string | null }> {
  const { db, caller, channel } = opts
  if (caller.kind !== 'employee') throw new AppError('FORBIDDEN')
  const customer = await loadVisibleCustomer(db, caller, opts.customerId)
  authorizeInAny(caller, 'advice.notify', customer.salonIds)
  await assertMaySend(db, caller.organisationId, channel)
  // Issue 22: sending by WhatsApp is a feature of the plan (the endpoint itself needs `grow`).
  if (channel === 'whatsapp') await assertFeature(db, caller.organisationId, 'whatsapp')
  if (channel !== 'inApp' && !customer.allowedMessagingTypes.includes(channel))
    throw new AppError('ADVICE_CHANNEL_NOT_ALLOWED')
  if (channel === 'whatsapp' && !customer.phoneNumber) throw new AppError('ADVICE_NO_PHONE')
  await opts.spend?.()
  const [org] = await db
    .select({
      slug: organisations.slug,
      companyName: organisations.companyName,
      language: organisations.invoiceLanguage,
    })
    .from(organisations)
    .where(eq(organisations.id, caller.organisationId))
  const link = adviceLink(opts.publicUrl, org?.slug ?? '')
  const brand = await mailBrandOf(db, caller.organisationId, opts.publicUrl)
  const mail = adviceReadyMail(customerMailLanguage(customer, org?.language), {
    firstName: customer.firstName,
    link,
    brand: brand ?? { companyName: org?.companyName ?? '' },
  })
  let notificationId: string | null = null
  if (channel === 'email') {
    await opts.mailer.send({ organisationId: caller.organisationId, to: customer.email, ...mail })
  } else if (channel === 'whatsapp') {
    const id = await queueWhatsapp(db, opts.whatsapp, {
      organisationId: caller.organisationId,
      customer,
      text: mail.text,
      source: 'advice',
      employeeId: caller.employeeId,
    })
    if (!id) throw new AppError('ADVICE_NO_CREDITS')
    opts.whatsapp.deliver(id)
  } else {
    notificationId = uuidv7()
    await db.insert(customerNotifications).values({
      id: notificationId,
      organisationId: caller.organisationId,
      customerId: customer.id,
      salonId: customer.salonIds.find((s) => allows(caller, 'advice.notify', s)) ?? null,
      kind: 'adviceReady',
      sentBy: caller.employeeId,
    })
  }
  await auditEmployee(db, caller, {
    event: 'adviceNotification',
    customerId: customer.id,
    data: { channel },
  })
  return { channel, notificationId }
}
