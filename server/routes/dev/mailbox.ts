import { and, desc, eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { outboxMessages } from '../../db/schema'

export type MailboxMessage = {
  id: string
  to: string
  subject: string
  text: string
  html: string | null
  createdAt: string
}

/** The newest outbox e-mails (optionally for one recipient), for the dev mailbox. */
export async function listMailbox(db: Db, to?: string, limit = 50): Promise<MailboxMessage[]> {
  const rows = await db
    .select()
    .from(outboxMessages)
    .where(
      and(eq(outboxMessages.channel, 'email'), to ? eq(outboxMessages.recipient, to.trim().toLowerCase()) : undefined),
    )
    .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
    .limit(limit)
  return rows.map((r) => ({
    id: r.id,
    to: r.recipient,
    subject: r.subject,
    text: r.text,
    html: r.html,
    createdAt: r.createdAt.toISOString(),
  }))
}
