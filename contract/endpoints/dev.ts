import { z } from 'zod'
import { defineEndpoint } from './define'

export const ZMailbox = z.object({
  messages: z.array(
    z.object({
      id: z.string(),
      to: z.string(),
      subject: z.string(),
      text: z.string(),
      html: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
})
export const ZMailboxQuery = z.object({ to: z.string().trim().max(254).optional() })

/** Only with DEV_MAILBOX (no SMTP) and only from this machine. */
export const dev = {
  mailbox: defineEndpoint({
    method: 'GET',
    path: '/dev/mailbox',
    query: ZMailboxQuery,
    response: ZMailbox,
    public: true,
    tags: ['dev'],
  }),
}
