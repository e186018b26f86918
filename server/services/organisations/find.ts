import { eq } from 'drizzle-orm'
import type { Organisation } from '../../../contract/organisations'
import type { DbOrTx } from '../../db/client'
import { organisations } from '../../db/schema'
import { AppError } from '../../errors'

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export type OrganisationRow = typeof organisations.$inferSelect

/** `{org}` in public paths may be the id or the slug (the customer area only knows the slug). */
export async function findOrganisation(db: DbOrTx, idOrSlug: string): Promise<OrganisationRow | null> {
  const where = UUID_RE.test(idOrSlug)
    ? eq(organisations.id, idOrSlug)
    : eq(organisations.slug, idOrSlug.trim().toLowerCase())
  const [row] = await db.select().from(organisations).where(where).limit(1)
  return row ?? null
}

export async function getOrganisation(db: DbOrTx, idOrSlug: string): Promise<OrganisationRow> {
  const row = await findOrganisation(db, idOrSlug)
  if (!row) throw new AppError('ORGANISATION_NOT_FOUND')
  return row
}

/** GET /organisations/public?slug=: what an unauthenticated visitor may know. */
export async function publicOrganisation(db: DbOrTx, slug: string) {
  const o = await getOrganisation(db, slug)
  return { id: o.id, slug: o.slug, companyName: o.companyName }
}

/** GET /organisations/{org}/customer-settings: what the customer area shows before sign-in. */
export async function customerSettings(db: DbOrTx, idOrSlug: string) {
  const o = await getOrganisation(db, idOrSlug)
  return { companyName: o.companyName, slug: o.slug }
}

export function toOrganisation(o: OrganisationRow): Organisation {
  return {
    id: o.id,
    legalName: o.legalName,
    companyName: o.companyName,
    slug: o.slug,
    vatNumber: o.vatNumber,
    invoiceLanguage: o.invoiceLanguage as Organisation['invoiceLanguage'],
    country: o.country,
    addressLine1: o.addressLine1,
    addressLine2: o.addressLine2,
    postalCode: o.postalCode,
    city: o.city,
    contactPerson: o.contactPerson,
    createdAt: o.createdAt.toISOString(),
  }
}

/** Postgres unique violation → the constraint name (drizzle wraps the driver error in `cause`). */
export function uniqueViolation(err: unknown): string | null {
  for (let e = err as { code?: string; constraint?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return e.constraint ?? ''
  }
  return null
}
