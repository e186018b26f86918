/**
 * Outgoing e-mail. Implemented in this folder: SMTP through nodemailer when SMTP_URL is set,
 * otherwise the dev outbox (stored in outbox_messages, logged, shown at /dev/mailbox).
 */
export type MailMessage = {
  organisationId: string | null
  to: string
  subject: string
  text: string
  html?: string
}

export type Mailer = {
  send: (msg: MailMessage) => Promise<void>
  close: () => Promise<void>
}
