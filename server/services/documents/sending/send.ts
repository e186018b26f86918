import { uniqueViolation } from '../../../db/errors'
import { eq, inArray } from 'drizzle-orm'
import { v5 as uuidv5 } from 'uuid'
import {
  type CustomerDocument,
  type DocumentKind,
  reconsentState,
  type SendChannel,
} from '../../../../contract/documents'
import type {
  BulkSendDocument,
  BulkSendResult,
  DocumentSendOutcome,
  DocumentSkipReason,
  ReconsentSend,
  SendDocument,
} from '../../../../contract/documents/send'
import type { Language } from '../../../../contract/enums'
import { authorizeInBranch, type TenantCaller } from '../../../auth/caller'
import type { Db, DbOrTx } from '../../../db/client'
import { customerDocuments, customers, documents, organisations } from '../../../db/schema'
import { nextVersion } from '../../../db/versions'
import { AppError, fieldError, idTaken, validationError } from '../../../errors'
import { documentSentMail } from '../../../integrations/mail/document-templates'
import type { Mailer } from '../../../integrations/mail/mailer'
import type { Whatsapp } from '../../../integrations/whatsapp'
import { inBranch, notDeleted, tenant } from '../../../scope'
import { auditEmployee, logActivity } from '../../audit'
import { mailBrandOf } from '../../organisations/find'
import { assertMaySend } from '../../organisations/sending-gate'
import { hasFeature, notInPlan } from '../../billing/limits'
import { queueWhatsapp } from '../../whatsapp-credits/ledger'
import { customerInBranch } from './customer-documents'
import { authorOf } from '../../employees/author'
import { type CustomerDocumentRow, toCustomerDocuments } from '../rows'
import type { CustomerRow } from '../../customers/serialize'

/*
 * Sending documents and consent forms (issue 12): one customer (the drawer), many (the customer
 * list), and a consent form's new version to whoever needs new consent. Channels, the phone
 * number, WhatsApp credits and the message outboxes are the questionnaire send's and the advice
 * notification's (queueWhatsapp, the mailer's queued rows): one way to message a customer.
 */

type DocumentRow = typeof documents.$inferSelect

export type SendDeps = {
  db: Db
  caller: TenantCaller
  salonId: string
  mailer: Mailer
  whatsapp: Whatsapp
  publicUrl: string
  /** Counts one message to this customer against the usage limits; false: over a limit. */
  mayMessage?: (customerId: string) => Promise<boolean>
  /**
   * Counts one bulk call against the organisation's budget (429 when spent). Called once the
   * caller may send in the branch: someone without the right cannot spend the budget.
   */
  spendCall?: () => Promise<void>
}

/** A customer who cannot be sent to; the single send turns it into its error, bulk into an outcome. */
class Skip extends Error {
  constructor(readonly reason: DocumentSkipReason) {
    super(reason)
  }
}

/** The customer's own language, else the organisation's (customers.language may be empty). */
export const mailLanguageOf = (customerLanguage: string | null, orgLanguage: string | null | undefined): Language =>
  customerLanguage === 'en' || customerLanguage === 'nl' ? customerLanguage : orgLanguage === 'en' ? 'en' : 'nl'

/** The documents page of the customer's area (built with the signing). */
export const documentsLink = (publicUrl: string, slug: string) => `${publicUrl.replace(/\/$/, '')}/${slug}/documents`

/** A document of the organisation that can be sent: its current version; an archived one is refused. */
export async function loadSendableDocument(db: DbOrTx, caller: { organisationId: string }, id: string) {
  const [doc] = await db
    .select()
    .from(documents)
    .where(tenant(documents, caller, eq(documents.id, id)))
  if (!doc?.currentVersionId) throw new AppError('DOCUMENT_NOT_FOUND')
  if (doc.archivedAt) throw new AppError('DOCUMENT_ARCHIVED')
  return doc as DocumentRow & { currentVersionId: string }
}

/** What every message of one call shares: sender, organisation, brand. */
async function sendContext(deps: SendDeps) {
  const { db, caller } = deps
  if (caller.kind !== 'employee') throw new AppError('FORBIDDEN')
  const [[org], me, brand] = await Promise.all([
    db
      .select({
        slug: organisations.slug,
        companyName: organisations.companyName,
        language: organisations.invoiceLanguage,
      })
      .from(organisations)
      .where(eq(organisations.id, caller.organisationId)),
    authorOf(db, caller),
    mailBrandOf(db, caller.organisationId, deps.publicUrl),
  ])
  return {
    ...deps,
    caller,
    org,
    brand: brand ?? { companyName: org?.companyName ?? '' },
    senderName: me?.name ?? '',
  }
}
type Context = Awaited<ReturnType<typeof sendContext>>

/** Why this customer cannot get the document this way (the questionnaire send's rules), or null. */
function channelProblem(c: CustomerRow, channel: SendChannel): DocumentSkipReason | null {
  if (channel === 'inApp') return null
  const contact = channel === 'whatsApp' ? 'whatsapp' : 'email'
  if (!c.allowedMessagingTypes.includes(contact)) return 'notificationType'
  if (contact === 'whatsapp' && !c.phoneNumber) return 'noPhone'
  return null
}

/**
 * Issue 22/23: sending by WhatsApp is a feature of the plan, as for questionnaires and advice. A
 * call that would WhatsApp anyone (the channel asked, or a customer's default) is refused as a
 * whole before anything is sent, so the sender can choose e-mail instead.
 */
async function assertWhatsappInPlan(db: DbOrTx, organisationId: string, channels: (SendChannel | undefined)[]) {
  if (channels.includes('whatsApp') && !(await hasFeature(db, organisationId, 'whatsapp'))) throw notInPlan('whatsapp')
}

const channelOf = (c: CustomerRow, channel: SendChannel | undefined): SendChannel =>
  channel ?? (c.defaultMessagingType === 'whatsapp' ? 'whatsApp' : 'email')

/** A send of the same id: the stored one when it is this send again, else the id is taken. */
function isReplay(
  row: CustomerDocumentRow,
  caller: { organisationId: string },
  customerId: string,
  documentId: string,
) {
  if (row.organisationId !== caller.organisationId || row.customerId !== customerId || row.documentId !== documentId)
    throw idTaken()
  if (row.deletedAt) throw new AppError('DOCUMENT_NOT_FOUND')
  return true
}

/**
 * Sends the document's current version to one customer: the row (a new sync version), the audit
 * event (customerConsentSend for a consent form, customerDocumentSend otherwise) and the
 * customer's activity (documentSent) in one transaction with the WhatsApp credit and message;
 * the e-mail is queued once it committed.
 */
async function deliver(
  ctx: Context,
  c: CustomerRow,
  doc: DocumentRow & { currentVersionId: string },
  channel: SendChannel,
  id: string,
  extra: Record<string, unknown> = {},
): Promise<CustomerDocumentRow> {
  const { caller } = ctx
  const problem = channelProblem(c, channel)
  if (problem) throw new Skip(problem)
  if (channel !== 'inApp' && ctx.mayMessage && !(await ctx.mayMessage(c.id))) throw new Skip('tooMany')
  const language = mailLanguageOf(c.language, ctx.org?.language)
  const mail = documentSentMail(language, {
    firstName: c.firstName,
    documentName: doc.name,
    consent: doc.kind === 'consentForm',
    link: documentsLink(ctx.publicUrl, ctx.org?.slug ?? ''),
    brand: ctx.brand,
  })
  const { row, whatsappId } = await ctx.db.transaction(async (tx) => {
    const now = new Date()
    const [row] = await tx
      .insert(customerDocuments)
      .values({
        id,
        organisationId: caller.organisationId,
        customerId: c.id,
        salonId: ctx.salonId,
        documentId: doc.id,
        versionId: doc.currentVersionId,
        channel,
        sentAt: now,
        sentBy: caller.employeeId,
        sentByName: ctx.senderName,
        version: await nextVersion(tx, caller.organisationId),
      })
      .returning()
    let whatsappId: string | null = null
    if (channel === 'whatsApp') {
      whatsappId = await queueWhatsapp(tx, ctx.whatsapp, {
        organisationId: caller.organisationId,
        customer: c,
        text: mail.text,
        source: 'document',
        employeeId: caller.employeeId,
      })
      if (!whatsappId) throw new Skip('noCredits')
    }
    const data = { customerDocumentId: id, documentId: doc.id, versionId: doc.currentVersionId, channel, ...extra }
    await auditEmployee(tx, caller, {
      event: doc.kind === 'consentForm' ? 'customerConsentSend' : 'customerDocumentSend',
      salonId: ctx.salonId,
      customerId: c.id,
      data,
    })
    await logActivity(tx, {
      organisationId: caller.organisationId,
      customerId: c.id,
      type: 'documentSent',
      data: { ...data, name: doc.name, kind: doc.kind },
    })
    return { row, whatsappId }
  })
  if (whatsappId) ctx.whatsapp.deliver(whatsappId)
  if (channel === 'email') await ctx.mailer.send({ organisationId: caller.organisationId, to: c.email, ...mail })
  return row
}

/**
 * POST …/customers/{id}/documents: one document to one customer (201), idempotent on the
 * client's id (200 with the stored send, no second message). A channel the customer does not
 * accept, WhatsApp without a phone number or credits: a field error on `channel` (spec §8 texts).
 */
export async function sendDocument(
  deps: SendDeps & { customerId: string; input: SendDocument; spend?: () => Promise<void> },
): Promise<{ document: CustomerDocument; created: boolean }> {
  const { db, caller, salonId, input } = deps
  await authorizeInBranch(db, caller, 'customerDocuments.send', salonId)
  await assertMaySend(db, caller.organisationId, input.channel)
  await assertWhatsappInPlan(db, caller.organisationId, [input.channel])
  const customer = await customerInBranch(db, caller, deps.customerId, salonId)
  if (customer.deleted) throw new AppError('CUSTOMER_NOT_FOUND')
  const replay = async () => {
    const [existing] = await db.select().from(customerDocuments).where(eq(customerDocuments.id, input.id))
    if (!existing || !isReplay(existing, caller, customer.id, input.documentId)) return null
    return { document: (await toCustomerDocuments(db, [existing]))[0], created: false }
  }
  const again = await replay()
  if (again) return again
  const doc = await loadSendableDocument(db, caller, input.documentId)
  const ctx = await sendContext({
    ...deps,
    // Counted once the caller may send to this customer: a stranger cannot spend the budget.
    mayMessage: deps.spend
      ? async () => {
          await deps.spend?.()
          return true
        }
      : undefined,
  })
  try {
    const row = await deliver(ctx, customer, doc, input.channel, input.id)
    return { document: (await toCustomerDocuments(db, [row]))[0], created: true }
  } catch (err) {
    if (err instanceof Skip) {
      if (err.reason === 'tooMany') throw new AppError('TOO_MANY_REQUESTS')
      throw validationError([fieldError('channel', `send.${err.reason}`)])
    }
    // Two sends of one id racing: the loser answers like a retry.
    if (uniqueViolation(err)) {
      const again = await replay()
      if (again) return again
    }
    throw err
  }
}

/** The id of one customer's send within a batch: the same batch sent again finds its rows. */
const idInBatch = (batchId: string, customerId: string) => uuidv5(customerId, batchId)

/** Sends to each customer in turn; one who cannot be reached is skipped with a reason, the rest still go. */
async function sendEach(
  ctx: Context,
  doc: DocumentRow & { currentVersionId: string },
  rows: CustomerRow[],
  wanted: string[],
  batchId: string,
  channel: SendChannel | undefined,
  extra?: Record<string, unknown>,
): Promise<BulkSendResult> {
  const { db, caller } = ctx
  const byId = new Map(rows.map((c) => [c.id, c]))
  const ids = wanted.map((customerId) => idInBatch(batchId, customerId))
  const existing = ids.length ? await db.select().from(customerDocuments).where(inArray(customerDocuments.id, ids)) : []
  const done = new Map(existing.map((r) => [r.id, r]))
  const results: DocumentSendOutcome[] = []
  for (const customerId of wanted) {
    const c = byId.get(customerId)
    const name = c ? `${c.firstName} ${c.lastName}`.trim() : customerId
    const id = idInBatch(batchId, customerId)
    const skip = (reason: DocumentSkipReason) =>
      results.push({ customerId, name, status: 'skipped', customerDocumentId: null, channel: null, reason })
    if (!c) {
      skip('customerNotFound')
      continue
    }
    const before = done.get(id)
    if (before && isReplay(before, caller, customerId, doc.id)) {
      const ch = before.channel as SendChannel
      results.push({ customerId, name, status: 'sent', customerDocumentId: id, channel: ch, reason: null })
      continue
    }
    const chosen = channelOf(c, channel)
    try {
      await deliver(ctx, c, doc, chosen, id, extra)
      results.push({ customerId, name, status: 'sent', customerDocumentId: id, channel: chosen, reason: null })
    } catch (err) {
      if (!(err instanceof Skip)) throw err
      skip(err.reason)
    }
  }
  const sent = results.filter((r) => r.status === 'sent').length
  return { sent, skipped: results.length - sent, results }
}

/** The live customers of the branch among `ids` (not soft-deleted). */
async function branchCustomers(db: DbOrTx, caller: { organisationId: string }, salonId: string, ids: string[]) {
  if (ids.length === 0) return []
  return db
    .select()
    .from(customers)
    .where(tenant(customers, caller, inArray(customers.id, ids), notDeleted(customers), inBranch(customers, salonId)))
}

/**
 * POST …/customers/documents/send: one document to many customers of the branch (the customer
 * list's selection), each by the channel asked or their default messaging type.
 */
export async function bulkSendDocument(deps: SendDeps & { input: BulkSendDocument }): Promise<BulkSendResult> {
  const { db, caller, salonId, input } = deps
  await authorizeInBranch(db, caller, 'customerDocuments.send', salonId)
  await assertMaySend(db, caller.organisationId, input.channel ?? 'default')
  await deps.spendCall?.()
  const doc = await loadSendableDocument(db, caller, input.documentId)
  const wanted = [...new Set(input.customerIds)]
  const rows = await branchCustomers(db, caller, salonId, wanted)
  await assertWhatsappInPlan(
    db,
    caller.organisationId,
    rows.map((c) => channelOf(c, input.channel)),
  )
  const ctx = await sendContext(deps)
  return sendEach(ctx, doc, rows, wanted, input.batchId, input.channel)
}

/**
 * POST …/documents/{id}/reconsent: a consent form's current version to every customer of the
 * branch for whom `reconsentState` (contract/documents) says `needed` — accepted an older version,
 * not sent the current one since. Audited as customerConsentSend (with `reconsent: true`).
 */
export async function sendReconsent(
  deps: SendDeps & { documentId: string; input: ReconsentSend },
): Promise<BulkSendResult> {
  const { db, caller, salonId, input } = deps
  await authorizeInBranch(db, caller, 'customerDocuments.send', salonId)
  await assertMaySend(db, caller.organisationId, input.channel ?? 'default')
  await deps.spendCall?.()
  const doc = await loadSendableDocument(db, caller, deps.documentId)
  if (doc.kind !== 'consentForm') return { sent: 0, skipped: 0, results: [] }
  const sent = await db
    .select({
      customerId: customerDocuments.customerId,
      documentId: customerDocuments.documentId,
      versionId: customerDocuments.versionId,
      status: customerDocuments.status,
    })
    .from(customerDocuments)
    .innerJoin(customers, eq(customers.id, customerDocuments.customerId))
    .where(
      tenant(
        customerDocuments,
        caller,
        eq(customerDocuments.documentId, doc.id),
        notDeleted(customerDocuments),
        notDeleted(customers),
        inBranch(customers, salonId),
      ),
    )
  const byCustomer = new Map<string, typeof sent>()
  for (const s of sent) byCustomer.set(s.customerId, [...(byCustomer.get(s.customerId) ?? []), s])
  const needing = [...byCustomer]
    .filter(
      ([, list]) =>
        reconsentState(
          list.map((s) => ({ ...s, status: s.status as CustomerDocument['status'] })),
          { ...doc, kind: doc.kind as DocumentKind },
        ) === 'needed',
    )
    .map(([id]) => id)
  const rows = await branchCustomers(db, caller, salonId, needing)
  await assertWhatsappInPlan(
    db,
    caller.organisationId,
    rows.map((c) => channelOf(c, input.channel)),
  )
  const ctx = await sendContext(deps)
  return sendEach(ctx, doc, rows, needing, input.batchId, input.channel, { reconsent: true })
}
