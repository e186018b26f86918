import { v7 as uuidv7 } from 'uuid'
import type { App } from '../../server/app'
import { createSession } from '../../server/auth/sessions'
import { customers } from '../../server/db/schema'
import { nextVersion } from '../../server/db/versions'
import { unique } from './app'
import { bearer } from './factories'

type CustomerRow = typeof customers.$inferInsert

export type CustomerSeed = {
  organisationId: string
  salonIds: string[]
  email?: string
  /** The e-mail's random local part starts with it (`doc-…@example.test`). */
  emailPrefix?: string
  firstName?: string
  lastName?: string
  /** undefined: no phone number. */
  phone?: string | null
  allowed?: CustomerRow['allowedMessagingTypes']
  defaultMessaging?: CustomerRow['defaultMessagingType']
  language?: string | null
  deleted?: boolean
}

/**
 * A customer row written straight into the database with a new version (the customers API is
 * tested in its own files): random unique e-mail, 'Sanne Jansen' unless named.
 */
export async function seedCustomer(app: App, seed: CustomerSeed) {
  const id = uuidv7()
  const email = seed.email ?? `${unique(seed.emailPrefix ?? 'klant-')}@example.test`
  await app.db.transaction(async (tx) => {
    await tx.insert(customers).values({
      id,
      organisationId: seed.organisationId,
      email,
      firstName: seed.firstName ?? 'Sanne',
      lastName: seed.lastName ?? 'Jansen',
      salonIds: seed.salonIds,
      allowedMessagingTypes: seed.allowed ?? ['email'],
      ...(seed.phone !== undefined ? { phoneNumber: seed.phone } : {}),
      ...(seed.defaultMessaging !== undefined ? { defaultMessagingType: seed.defaultMessaging } : {}),
      ...(seed.language !== undefined ? { language: seed.language } : {}),
      deleted: seed.deleted ?? false,
      version: await nextVersion(tx, seed.organisationId),
    })
  })
  return { id, email }
}

/** A customer session (what the code sign-in gives) and its bearer headers. */
export async function customerSession(app: App, customer: { id: string; organisationId: string }, ttlHours = 1) {
  const { token } = await createSession(app.db, {
    kind: 'customer',
    subjectId: customer.id,
    organisationId: customer.organisationId,
    ttlHours,
  })
  return { token, headers: bearer(token) }
}
