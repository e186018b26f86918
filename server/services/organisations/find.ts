import { and, eq, isNull } from 'drizzle-orm'
import { LANGUAGES, type Language } from '../../../contract/enums'
import type { CustomerSettings, Organisation, PublicOrganisation } from '../../../contract/organisations'
import { authorize, type TenantCaller } from '../../auth/caller'
import type { DbOrTx } from '../../db/client'
import { organisationSlugs, organisations } from '../../db/schema'
import { AppError } from '../../errors'
import type { MailBrand } from '../../integrations/mail/templates'
import { storageUrl } from '../../integrations/storage'

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export type OrganisationRow = typeof organisations.$inferSelect

/**
 * `{org}` in public paths may be the id or the slug (the customer area only knows the slug). An
 * earlier web address (organisation_slugs) still finds its organisation: links sent before a
 * rename keep working, and the answer's current slug lets the client move on to the new address.
 */
export async function findOrganisation(db: DbOrTx, idOrSlug: string): Promise<OrganisationRow | null> {
  // Issue 23: an organisation a global admin deleted is gone for everyone at once (its rows wait
  // for the purge): every lookup by id or web address misses it.
  const live = isNull(organisations.deletedAt)
  if (UUID_RE.test(idOrSlug)) {
    const [row] = await db
      .select()
      .from(organisations)
      .where(and(eq(organisations.id, idOrSlug), live))
      .limit(1)
    return row ?? null
  }
  const slug = idOrSlug.trim().toLowerCase()
  const [current] = await db
    .select()
    .from(organisations)
    .where(and(eq(organisations.slug, slug), live))
    .limit(1)
  if (current) return current
  const [earlier] = await db
    .select({ organisation: organisations })
    .from(organisationSlugs)
    .innerJoin(organisations, eq(organisations.id, organisationSlugs.organisationId))
    .where(and(eq(organisationSlugs.slug, slug), live))
    .limit(1)
  return earlier?.organisation ?? null
}

export async function getOrganisation(db: DbOrTx, idOrSlug: string): Promise<OrganisationRow> {
  const row = await findOrganisation(db, idOrSlug)
  if (!row) throw new AppError('ORGANISATION_NOT_FOUND')
  return row
}

/** The public address of the stored logo (storage/index.ts serves `<org>/logo/…` to anyone). */
export const logoUrlOf = (o: Pick<OrganisationRow, 'logoKey'>) => (o.logoKey ? storageUrl(o.logoKey) : null)

/** The logo for an e-mail: mail clients need the full address (none without a public URL). */
export function absoluteLogoUrl(o: Pick<OrganisationRow, 'logoKey'>, publicUrl: string | undefined): string | null {
  const url = logoUrlOf(o)
  if (!url || !publicUrl) return null
  return /^https?:/.test(url) ? url : `${publicUrl}${url}`
}

/** Who a staff mail comes from (invitation, password reset): the salon's name and mail logo. */
export async function mailBrandOf(
  db: DbOrTx,
  organisationId: string,
  publicUrl: string,
): Promise<MailBrand | undefined> {
  const [org] = await db
    .select({ companyName: organisations.companyName, logoKey: organisations.logoKey })
    .from(organisations)
    .where(eq(organisations.id, organisationId))
  return org ? { companyName: org.companyName, logoUrl: absoluteLogoUrl(org, publicUrl) } : undefined
}

/** GET /organisations/public?slug=: what an unauthenticated visitor may know (slug: the current one). */
export async function publicOrganisation(db: DbOrTx, slug: string): Promise<PublicOrganisation> {
  const o = await getOrganisation(db, slug)
  return { id: o.id, slug: o.slug, companyName: o.companyName, logoUrl: logoUrlOf(o) }
}

/**
 * GET /organisations/{org}/customer-settings: what a signed-in customer's screens show of their
 * salon. Staff may ask too (the navigation shows the logo); another organisation's session never
 * gets here (loadCaller answers 404).
 */
export async function customerSettings(opts: { db: DbOrTx; caller: TenantCaller }): Promise<CustomerSettings> {
  authorize(opts.caller, 'organisation.customerSettings')
  const o = await getOrganisation(opts.db, opts.caller.organisationId)
  const own = o.invoiceLanguage as Language
  return {
    id: o.id,
    companyName: o.companyName,
    slug: o.slug,
    logoUrl: logoUrlOf(o),
    languages: [own, ...LANGUAGES.filter((l) => l !== own)],
    defaultLanguage: own,
  }
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
    logoUrl: logoUrlOf(o),
    createdAt: o.createdAt.toISOString(),
  }
}
