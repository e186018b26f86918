import { v7 as uuidv7 } from 'uuid'
import type { App } from '../../server/app'
import { customers } from '../../server/db/schema'
import { nextVersion } from '../../server/db/versions'
import { unique } from './app'
import { API } from '../../contract/endpoints'
import { apiUrl } from './url'

/** A customer row written straight into the database (customers' own API is tested elsewhere). */
export async function insertCustomer(
  app: App,
  opts: { organisationId: string; salonIds: string[]; email?: string; deleted?: boolean },
) {
  const id = uuidv7()
  const email = opts.email ?? `${unique('klant-')}@example.test`
  await app.db.transaction(async (tx) => {
    await tx.insert(customers).values({
      id,
      organisationId: opts.organisationId,
      email,
      firstName: 'Sanne',
      lastName: 'Jansen',
      salonIds: opts.salonIds,
      allowedMessagingTypes: ['email'],
      deleted: opts.deleted ?? false,
      version: await nextVersion(tx, opts.organisationId),
    })
  })
  return { id, email }
}

/** The newest dev-outbox mail to `to`, through the dev mailbox API. */
export async function lastMail(app: App, to: string) {
  const res = await app.inject({ url: apiUrl(API.dev.mailbox, { to }) })
  return res.json().messages[0] as { subject: string; text: string; html: string | null } | undefined
}
