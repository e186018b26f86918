import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { API } from '../../../contract/endpoints'
import { handle } from '../../http/handle'
import { assertLocalRequest } from './local-only'
import { listMailbox } from './mailbox'

/**
 * Dev mailbox API (only with DEV_MAILBOX, i.e. no SMTP configured): a local user or the e2e
 * tests read the customer's login code here.
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  if (!app.config.devMailbox) return
  handle(app, API.dev.mailbox, async ({ db, query, req }) => {
    assertLocalRequest(req)
    return { messages: await listMailbox(db, query.to) }
  })
}
export default routes
