import type { App } from '../../server/app'
import { seedCustomer } from './customers'
import { API } from '../../contract/endpoints'
import { apiUrl } from './url'

/** A customer row written straight into the database (customers' own API is tested elsewhere). */
export const insertCustomer = (
  app: App,
  opts: { organisationId: string; salonIds: string[]; email?: string; deleted?: boolean },
) => seedCustomer(app, opts)

/** The newest dev-outbox mail to `to`, through the dev mailbox API. */
export async function lastMail(app: App, to: string) {
  const res = await app.inject({ url: apiUrl(API.dev.mailbox, { to }) })
  return res.json().messages[0] as { subject: string; text: string; html: string | null } | undefined
}
