import { eq, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Transporter } from 'nodemailer'
import type { Db } from '../../db/client'
import { outboxMessages } from '../../db/schema'
import type { Mailer } from './mailer'
import { storeMessage } from './store'

/** Waits between delivery attempts; a message is given up (status 'failed') after the last. */
const DEFAULT_BACKOFF_MS = [1_000, 5_000, 30_000]

/**
 * SMTP delivery with a durable record: each message is stored as 'queued' first, then sent in
 * the background so a slow or down mail server never holds up a sign-in request. A failed send
 * is retried a few times with backoff by a small in-process loop (enough for transient SMTP
 * errors; a message still queued when the process stops is not picked up again — a later
 * worker can resend rows left 'queued').
 */
export function createSmtpMailer(opts: {
  db: Db
  log: FastifyBaseLogger
  from: string
  transport: Transporter
  backoffMs?: number[]
}): Mailer {
  const backoff = opts.backoffMs ?? DEFAULT_BACKOFF_MS
  const inFlight = new Set<Promise<void>>()
  let closing = false
  const wakers = new Set<() => void>()
  // A retry wait ends early on close, so shutting down never waits for the backoff.
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(t)
        wakers.delete(done)
        resolve()
      }
      const t = setTimeout(done, ms)
      wakers.add(done)
    })

  async function deliver(id: string, msg: Parameters<Mailer['send']>[0]) {
    for (let attempt = 0; ; attempt++) {
      try {
        await opts.transport.sendMail({
          from: opts.from,
          to: msg.to,
          subject: msg.subject,
          text: msg.text,
          html: msg.html,
        })
        await opts.db
          .update(outboxMessages)
          .set({ status: 'sent', sentAt: new Date(), attempts: sql`${outboxMessages.attempts} + 1`, lastError: null })
          .where(eq(outboxMessages.id, id))
        return
      } catch (err) {
        const last = attempt >= backoff.length || closing
        await opts.db
          .update(outboxMessages)
          .set({
            status: last ? 'failed' : 'queued',
            attempts: sql`${outboxMessages.attempts} + 1`,
            lastError: (err as Error).message.slice(0, 500),
          })
          .where(eq(outboxMessages.id, id))
        opts.log.warn({ err, to: msg.to, attempt }, last ? 'mail delivery failed' : 'mail delivery failed, retrying')
        if (last) return
        await sleep(backoff[attempt])
      }
    }
  }

  return {
    async send(msg) {
      const id = await storeMessage(opts.db, msg, 'queued')
      const p = deliver(id, msg).catch((err) => opts.log.error({ err }, 'mail outbox update failed'))
      inFlight.add(p)
      void p.finally(() => inFlight.delete(p))
    },
    async close() {
      closing = true
      for (const wake of [...wakers]) wake()
      await Promise.allSettled([...inFlight])
      opts.transport.close()
    },
  }
}
