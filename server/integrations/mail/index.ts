import type { FastifyBaseLogger } from 'fastify'
import nodemailer from 'nodemailer'
import type { Config } from '../../config'
import type { Db } from '../../db/client'
import type { Mailer } from './mailer'
import { createSmtpMailer } from './smtp'
import { storeMessage } from './store'

/**
 * SMTP through nodemailer when SMTP_URL is set; otherwise the dev outbox: every message is
 * stored (status 'stored') and logged, and /dev/mailbox shows them.
 */
export function createMailer(opts: { config: Config; db: Db; log: FastifyBaseLogger }): Mailer {
  if (opts.config.smtpUrl)
    return createSmtpMailer({
      db: opts.db,
      log: opts.log,
      from: opts.config.mailFrom,
      transport: nodemailer.createTransport(opts.config.smtpUrl),
    })
  return {
    async send(msg) {
      await storeMessage(opts.db, msg, 'stored')
      opts.log.info({ to: msg.to, subject: msg.subject }, 'mail stored in dev outbox')
    },
    async close() {},
  }
}
