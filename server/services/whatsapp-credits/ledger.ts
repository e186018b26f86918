import { and, eq, gte, sql } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import type { CreditReason, CreditSource, MessageCategory } from '../../../contract/whatsapp-credits'
import type { DbOrTx, Tx } from '../../db/client'
import { organisations, type payments, whatsappCreditTransactions, whatsappMessageCosts } from '../../db/schema'
import type { Whatsapp } from '../../integrations/whatsapp'

/*
 * README "The balance is a ledger": every change of the balance is one appended row, and the
 * organisation's balance column moves by the same delta in the same transaction. A send takes
 * its credits with one conditional update (balance >= cost) before the message is queued, so
 * concurrent sends never take the balance below zero and a queued message is always paid for.
 */

type Entry = {
  organisationId: string
  reason: CreditReason
  delta: number
  paymentId?: string | null
  messageId?: string | null
  customerId?: string | null
  source?: CreditSource | null
  category?: MessageCategory | null
  employeeId?: string | null
}

/** Credits one message of the category costs (the table of migration 0021; 1 when it has no row). */
export async function costOf(db: DbOrTx, category: MessageCategory): Promise<number> {
  const [row] = await db
    .select({ credits: whatsappMessageCosts.credits })
    .from(whatsappMessageCosts)
    .where(eq(whatsappMessageCosts.category, category))
  return row?.credits ?? 1
}

/** Moves the balance by `delta`; a negative one only while the balance covers it (null: nothing moved). */
async function moveBalance(tx: DbOrTx, organisationId: string, delta: number): Promise<number | null> {
  const [moved] = await tx
    .update(organisations)
    .set({ whatsappCredits: sql`${organisations.whatsappCredits} + ${delta}` })
    .where(
      and(eq(organisations.id, organisationId), delta < 0 ? gte(organisations.whatsappCredits, -delta) : undefined),
    )
    .returning({ balance: organisations.whatsappCredits })
  return moved ? moved.balance : null
}

async function insertEntry(tx: DbOrTx, e: Entry, balanceAfter: number, now: Date) {
  await tx.insert(whatsappCreditTransactions).values({
    id: uuidv7(),
    organisationId: e.organisationId,
    reason: e.reason,
    delta: e.delta,
    balanceAfter,
    paymentId: e.paymentId ?? null,
    messageId: e.messageId ?? null,
    customerId: e.customerId ?? null,
    source: e.source ?? null,
    category: e.category ?? null,
    employeeId: e.employeeId ?? null,
    createdAt: now,
  })
}

/**
 * Moves the balance by `delta` and appends its row, in the caller's transaction. A negative delta
 * only applies while the balance covers it: null (nothing written) when it does not.
 */
export async function appendEntry(tx: DbOrTx, e: Entry, now = new Date()): Promise<number | null> {
  const balance = await moveBalance(tx, e.organisationId, e.delta)
  if (balance !== null) await insertEntry(tx, e, balance, now)
  return balance
}

export type CreditedMessage = {
  organisationId: string
  customer: { id: string; phoneNumber: string | null }
  text: string
  source: CreditSource
  /** What Meta charges it as; every message the salon sends today is a utility message. */
  category?: MessageCategory
  /** The employee who sent it. */
  employeeId?: string | null
}

/**
 * The one way to WhatsApp a customer: the message's credits taken, then the message queued and
 * the send row appended, in one transaction (the caller's when it passes one); null, with nothing
 * written, when the balance does not cover it ("Not enough Whatsapp credits."). The caller
 * delivers the id after commit.
 */
export async function queueWhatsapp(db: DbOrTx, whatsapp: Whatsapp, m: CreditedMessage): Promise<string | null> {
  return db.transaction(async (tx) => {
    const category = m.category ?? 'utility'
    const cost = await costOf(tx, category)
    const balance = cost > 0 ? await moveBalance(tx, m.organisationId, -cost) : null
    if (cost > 0 && balance === null) return null
    const messageId = await whatsapp.enqueue(tx, {
      organisationId: m.organisationId,
      to: m.customer.phoneNumber as string,
      text: m.text,
    })
    if (balance !== null) {
      const entry: Entry = {
        organisationId: m.organisationId,
        reason: 'send',
        delta: -cost,
        messageId,
        customerId: m.customer.id,
        source: m.source,
        category,
        employeeId: m.employeeId,
      }
      await insertEntry(tx, entry, balance, new Date())
    }
    return messageId
  })
}

/**
 * A message the provider refused (or that failed after every retry) gives its credits back: a
 * refund row for its send row, once (a unique index on message and reason), in the transaction
 * that marks the message failed. A message from before the ledger has no send row: nothing.
 */
export async function refundMessage(tx: Tx, messageId: string, now = new Date()): Promise<void> {
  const rows = await tx
    .select()
    .from(whatsappCreditTransactions)
    .where(eq(whatsappCreditTransactions.messageId, messageId))
  const send = rows.find((r) => r.reason === 'send')
  if (!send || rows.some((r) => r.reason === 'refund')) return
  await appendEntry(
    tx,
    {
      organisationId: send.organisationId,
      reason: 'refund',
      delta: -send.delta,
      messageId,
      customerId: send.customerId,
      source: send.source,
      category: send.category,
    },
    now,
  )
}

/**
 * A paid credit purchase, inside the transaction that applies it (which took the (payment, paid)
 * event, so it runs once; the ledger's unique payment index is the second lock): the credits are
 * added, even beyond the maximum (it was checked when the payment was made, and the buyer paid),
 * and the low-balance e-mail is re-armed.
 */
export async function grantCredits(tx: Tx, p: typeof payments.$inferSelect, now: Date): Promise<void> {
  if (!p.credits) throw new Error(`payment ${p.id} names no credits`)
  await appendEntry(
    tx,
    {
      organisationId: p.organisationId,
      reason: 'purchase',
      delta: p.credits,
      paymentId: p.id,
      employeeId: p.createdBy,
    },
    now,
  )
  await tx.update(organisations).set({ whatsappLowNotified: false }).where(eq(organisations.id, p.organisationId))
}
