import { and, eq, ne, sql } from 'drizzle-orm'
import type { ChallengeResult } from '../../../contract/organisations'
import { RESERVED_SLUGS, SLUG_RE } from '../../../contract/validation'
import type { DbOrTx } from '../../db/client'
import { employees, organisationSlugs, organisations } from '../../db/schema'
import { AppError } from '../../errors'

/**
 * Slugs that collide with app routes or API paths are refused like taken ones. A slug is also
 * taken while it is an earlier web address of another organisation (organisation_slugs): its old
 * links still lead there. An organisation may take back its own earlier slug (`exceptOrgId`).
 */
export async function isSlugAvailable(db: DbOrTx, slug: string, exceptOrgId?: string): Promise<boolean> {
  const s = slug.trim().toLowerCase()
  if (!SLUG_RE.test(s) || RESERVED_SLUGS.has(s)) return false
  const [current] = await db
    .select({ id: organisations.id })
    .from(organisations)
    .where(and(eq(organisations.slug, s), exceptOrgId ? ne(organisations.id, exceptOrgId) : undefined))
    .limit(1)
  if (current) return false
  const [earlier] = await db
    .select({ id: organisationSlugs.organisationId })
    .from(organisationSlugs)
    .where(
      and(eq(organisationSlugs.slug, s), exceptOrgId ? ne(organisationSlugs.organisationId, exceptOrgId) : undefined),
    )
    .limit(1)
  return !earlier
}

/** Company names are unique case-insensitively (same rule as the unique index). */
export async function isCompanyNameAvailable(db: DbOrTx, name: string, exceptOrgId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: organisations.id })
    .from(organisations)
    .where(
      and(
        sql`lower(${organisations.companyName}) = lower(${name.trim()})`,
        exceptOrgId ? ne(organisations.id, exceptOrgId) : undefined,
      ),
    )
    .limit(1)
  return !row
}

export async function challenge(db: DbOrTx, q: { slug?: string; companyName?: string }): Promise<ChallengeResult> {
  return {
    slugAvailable: q.slug === undefined ? null : await isSlugAvailable(db, q.slug),
    companyNameAvailable:
      q.companyName === undefined || q.companyName === '' ? null : await isCompanyNameAvailable(db, q.companyName),
  }
}

export async function assertEmployeeEmailFree(db: DbOrTx, email: string): Promise<void> {
  const [row] = await db.select({ id: employees.id }).from(employees).where(eq(employees.email, email)).limit(1)
  if (row) throw new AppError('EMPLOYEE_EMAIL_TAKEN')
}

/** Maps a unique-index violation (a concurrent sign-up won the race) to the catalogue code. */
export function uniqueCode(constraint: string): 'SLUG_TAKEN' | 'COMPANY_NAME_TAKEN' | 'EMPLOYEE_EMAIL_TAKEN' | null {
  if (constraint.includes('slug')) return 'SLUG_TAKEN'
  if (constraint.includes('company_name')) return 'COMPANY_NAME_TAKEN'
  if (constraint.includes('employees_email')) return 'EMPLOYEE_EMAIL_TAKEN'
  return null
}
