import { v7 as uuidv7 } from 'uuid'
import type { Db } from '../../db/client'
import { outboxMessages } from '../../db/schema'
import type { MailMessage } from './mailer'

/** Every outgoing message is recorded in outbox_messages, whichever way it leaves. */
export async function storeMessage(db: Db, msg: MailMessage, status: 'queued' | 'stored'): Promise<string> {
  const id = uuidv7()
  await db.insert(outboxMessages).values({
    id,
    organisationId: msg.organisationId,
    channel: 'email',
    recipient: msg.to,
    subject: msg.subject,
    text: msg.text,
    html: msg.html ?? null,
    status,
  })
  return id
}
