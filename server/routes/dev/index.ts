import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { assertLocalRequest } from './local-only'
import { listMailbox } from './mailbox'

const ZMailbox = z.object({
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

/**
 * Dev mailbox API (only with DEV_MAILBOX, i.e. no SMTP configured): a local user or the e2e
 * tests read the customer's login code here.
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  if (!app.config.devMailbox) return
  app.get(
    '/dev/mailbox',
    {
      schema: {
        tags: ['dev'],
        security: [],
        querystring: z.object({ to: z.string().trim().max(254).optional() }),
        response: { 200: ZMailbox },
      },
    },
    async (req) => {
      assertLocalRequest(req)
      return { messages: await listMailbox(app.db, req.query.to) }
    },
  )
}
export default routes
