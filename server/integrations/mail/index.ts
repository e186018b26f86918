import { v7 as uuidv7 } from 'uuid'
import type { FastifyBaseLogger } from 'fastify'
import type { Config } from '../../config'
import type { Db } from '../../db/client'
import { outboxMessages } from '../../db/schema'
import type { Mailer } from './mailer'

/** Dev outbox: every message is stored and logged; /dev/mailbox shows them. */
export function createMailer(opts: { config: Config; db: Db; log: FastifyBaseLogger }): Mailer {
  return {
    async send(msg) {
      await opts.db.insert(outboxMessages).values({
        id: uuidv7(),
        organisationId: msg.organisationId,
        channel: 'email',
        recipient: msg.to,
        subject: msg.subject,
        text: msg.text,
        html: msg.html ?? null,
        status: 'stored',
      })
      opts.log.info({ to: msg.to, subject: msg.subject }, 'mail stored in dev outbox')
    },
    async close() {},
  }
}
