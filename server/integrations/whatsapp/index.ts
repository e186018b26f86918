import { and, eq, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { v7 as uuidv7 } from 'uuid'
import type { Config } from '../../config'
import type { Db, DbOrTx, Tx } from '../../db/client'
import { outboxMessages } from '../../db/schema'

/** Waits between delivery attempts; after the last the message is 'failed'. */
const DEFAULT_BACKOFF_MS = [500, 5_000, 30_000]

export type WhatsappMessage = { organisationId: string; to: string; text: string }

export type Whatsapp = {
  /** Records the message in the caller's transaction (queued, or 'stored' in the local outbox). */
  enqueue: (tx: DbOrTx, msg: WhatsappMessage) => Promise<string>
  /** Starts delivering a queued message (after the enqueuing transaction committed). */
  deliver: (id: string) => void
  /** Picks up messages left queued by an earlier process. */
  resume: () => Promise<void>
  /** Waits for deliveries in flight. */
  close: () => Promise<void>
}

/**
 * WhatsApp through the Cloud API (POST {base}/{phoneNumberId}/messages, bearer token), with the
 * message row as the durable queue: a delivery first claims its row (queued → sending) in one
 * statement, so two workers or a repeated `deliver` never send it twice. A row left 'sending' by
 * a crash is not resent (at most once; staff can send again). Without configuration messages are
 * only stored (status 'stored') and logged: the local outbox.
 */
export function createWhatsapp(opts: {
  config: Config
  db: Db
  log: FastifyBaseLogger
  backoffMs?: number[]
  /** In the transaction that marks a message failed for good (the credits' refund, issue 23). */
  onFailed?: (tx: Tx, id: string) => Promise<void>
}): Whatsapp {
  const { config, db, log } = opts
  const live = !!(config.whatsappApiUrl && config.whatsappToken && config.whatsappPhoneNumberId)
  const backoff = opts.backoffMs ?? DEFAULT_BACKOFF_MS
  const inFlight = new Set<Promise<void>>()
  let closing = false
  const timers = new Set<NodeJS.Timeout>()

  async function post(to: string, text: string) {
    const res = await fetch(`${config.whatsappApiUrl}/${config.whatsappPhoneNumberId}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${config.whatsappToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        messaging_product: 'whatsapp',
        to: to.replace(/^\+/, ''),
        type: 'text',
        text: { body: text },
      }),
      signal: AbortSignal.timeout(15_000),
    })
    if (!res.ok) {
      const err = new Error(`WhatsApp API ${res.status}: ${(await res.text()).slice(0, 300)}`) as Error & {
        permanent?: boolean
      }
      // 4xx other than 429: the request itself is wrong (bad number, bad token); retrying will not help.
      err.permanent = res.status >= 400 && res.status < 500 && res.status !== 429
      throw err
    }
  }

  async function attempt(id: string): Promise<void> {
    const [row] = await db
      .update(outboxMessages)
      .set({ status: 'sending' })
      .where(
        and(eq(outboxMessages.id, id), eq(outboxMessages.status, 'queued'), eq(outboxMessages.channel, 'whatsapp')),
      )
      .returning()
    if (!row) return
    try {
      await post(row.recipient, row.text)
      await db
        .update(outboxMessages)
        .set({ status: 'sent', sentAt: new Date(), attempts: sql`${outboxMessages.attempts} + 1`, lastError: null })
        .where(eq(outboxMessages.id, id))
    } catch (err) {
      const e = err as Error & { permanent?: boolean }
      const last = e.permanent || row.attempts >= backoff.length || closing
      await db.transaction(async (tx) => {
        await tx
          .update(outboxMessages)
          .set({
            status: last ? 'failed' : 'queued',
            attempts: sql`${outboxMessages.attempts} + 1`,
            lastError: e.message.slice(0, 500),
          })
          .where(eq(outboxMessages.id, id))
        if (last) await opts.onFailed?.(tx, id)
      })
      log.warn({ err, id }, last ? 'whatsapp delivery failed' : 'whatsapp delivery failed, retrying')
      if (!last) {
        const t = setTimeout(() => {
          timers.delete(t)
          track(attempt(id))
        }, backoff[row.attempts])
        timers.add(t)
      }
    }
  }

  const track = (p: Promise<void>) => {
    const q = p.catch((err) => log.error({ err }, 'whatsapp outbox update failed'))
    inFlight.add(q)
    void q.finally(() => inFlight.delete(q))
  }

  return {
    async enqueue(tx, msg) {
      const id = uuidv7()
      await tx.insert(outboxMessages).values({
        id,
        organisationId: msg.organisationId,
        channel: 'whatsapp',
        recipient: msg.to,
        subject: '',
        text: msg.text,
        status: live ? 'queued' : 'stored',
      })
      if (!live) log.info({ to: msg.to }, 'whatsapp message stored in the local outbox')
      return id
    },
    deliver(id) {
      if (live && !closing) track(attempt(id))
    },
    async resume() {
      if (!live) return
      const rows = await db
        .select({ id: outboxMessages.id })
        .from(outboxMessages)
        .where(and(eq(outboxMessages.channel, 'whatsapp'), eq(outboxMessages.status, 'queued')))
      for (const r of rows) track(attempt(r.id))
    },
    async close() {
      closing = true
      for (const t of timers) clearTimeout(t)
      timers.clear()
      await Promise.allSettled([...inFlight])
    },
  }
}
