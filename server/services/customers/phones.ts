import { eq } from 'drizzle-orm'
import { normalisePhone, phoneRegion } from '../../../contract/phone'
import type { DbOrTx } from '../../db/client'
import { organisations } from '../../db/schema'
import { fieldError, validationError } from '../../errors'

const PHONE_FIELDS = ['phoneNumber', 'alternatePhoneNumber'] as const
type Phones = { phoneNumber?: string | null; alternatePhoneNumber?: string | null }

/** The dialling region of an organisation: its country (organisations.country, as typed). */
export async function organisationPhoneRegion(db: DbOrTx, organisationId: string) {
  const [org] = await db
    .select({ country: organisations.country })
    .from(organisations)
    .where(eq(organisations.id, organisationId))
  return phoneRegion(org?.country)
}

/**
 * Completes phone numbers the contract schema could not (a national "0612345678" needs the
 * organisation's country) so REST and sync pushes store the same E.164 value as the forms do.
 * Every path that writes a customer's phone calls this before merging or storing.
 */
export async function completePhones<T extends Phones>(
  db: DbOrTx,
  organisationId: string,
  fields: T,
  pathPrefix = '',
): Promise<T> {
  const national = PHONE_FIELDS.filter((f) => {
    const v = fields[f]
    return typeof v === 'string' && !v.startsWith('+')
  })
  if (national.length === 0) return fields
  const region = await organisationPhoneRegion(db, organisationId)
  const out: T = { ...fields }
  const bad = []
  for (const f of national) {
    const e164 = normalisePhone(fields[f] as string, region)
    if (e164) out[f] = e164 as T[typeof f]
    else bad.push(fieldError(pathPrefix + f, 'phone'))
  }
  if (bad.length) throw validationError(bad)
  return out
}
