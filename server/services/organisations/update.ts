import { uniqueViolation } from '../../db/errors'
import { and, eq } from 'drizzle-orm'
import type { Organisation, UpdateOrganisation } from '../../../contract/organisations'
import { authorize, employeeIdOf, type TenantCaller } from '../../auth/caller'
import type { Db, DbOrTx } from '../../db/client'
import { organisationSlugs, organisations } from '../../db/schema'
import { AppError } from '../../errors'
import { audit } from '../audit'
import { isCompanyNameAvailable, isSlugAvailable, uniqueCode } from './availability'
import { getOrganisation, type OrganisationRow, toOrganisation } from './find'

export async function readOwnOrganisation(opts: { db: Db; caller: TenantCaller }): Promise<Organisation> {
  authorize(opts.caller, 'organisation.manage')
  return toOrganisation(await getOrganisation(opts.db, opts.caller.organisationId))
}

type Field = keyof UpdateOrganisation

/** The fields whose value the patch really changes (a form sends them all; the audit names these). */
function changedFields(before: OrganisationRow, patch: UpdateOrganisation): Field[] {
  return (Object.keys(patch) as Field[]).filter((k) => patch[k] !== undefined && patch[k] !== before[k])
}

/** The organisation row, locked until the transaction ends (two saves never interleave). */
export async function lockOrganisation(tx: DbOrTx, orgId: string): Promise<OrganisationRow> {
  const [row] = await tx.select().from(organisations).where(eq(organisations.id, orgId)).for('update')
  if (!row) throw new AppError('ORGANISATION_NOT_FOUND')
  return row
}

/**
 * A new web address: the old one is kept in organisation_slugs, so links already sent (customer
 * sign-in, staff bookmarks, questionnaire links) still find the organisation and the client
 * moves them on to the new address. Taking back one of its own earlier slugs removes it there.
 */
async function moveSlug(tx: DbOrTx, orgId: string, from: string, to: string) {
  await tx
    .delete(organisationSlugs)
    .where(and(eq(organisationSlugs.slug, to), eq(organisationSlugs.organisationId, orgId)))
  await tx.insert(organisationSlugs).values({ slug: from, organisationId: orgId })
}

/** Maps a unique-index violation (a concurrent save took the slug or name) to its catalogue code. */
export function asTakenError(err: unknown): unknown {
  const constraint = uniqueViolation(err)
  const code = constraint === null ? null : uniqueCode(constraint)
  return code ? new AppError(code) : err
}

/**
 * PUT /organisations/{org} (ownOrganisation). Only the fields that change are written and named
 * in the organisationUpdate audit entry (with the old and new web address when it moves); a save
 * that changes nothing writes nothing.
 */
export async function updateOrganisation(opts: {
  db: Db
  caller: TenantCaller
  patch: UpdateOrganisation
}): Promise<Organisation> {
  const { db, caller, patch } = opts
  authorize(caller, 'organisation.manage')
  const row = await patchOrganisation(db, caller.organisationId, patch, {
    actorKind: 'employee',
    actorId: employeeIdOf(caller),
  })
  return toOrganisation(row)
}

/**
 * The one way an organisation's details change (its own admins, and a global admin correcting
 * them: issue 23): the same rules (web address and company name unique, the old address kept),
 * only the changed fields written and audited as organisationUpdate by `actor`.
 */
export async function patchOrganisation(
  db: Db,
  orgId: string,
  patch: UpdateOrganisation,
  actor: { actorKind: 'employee' | 'globalAdmin'; actorId: string | null },
): Promise<OrganisationRow> {
  try {
    return await db.transaction(async (tx) => {
      const before = await lockOrganisation(tx, orgId)
      const fields = changedFields(before, patch)
      if (fields.length === 0) return before
      const slugMoves = fields.includes('slug') && patch.slug !== undefined
      if (slugMoves && !(await isSlugAvailable(tx, patch.slug!, orgId))) throw new AppError('SLUG_TAKEN')
      if (fields.includes('companyName') && !(await isCompanyNameAvailable(tx, patch.companyName!, orgId)))
        throw new AppError('COMPANY_NAME_TAKEN')
      const changes = Object.fromEntries(fields.map((k) => [k, patch[k]])) as UpdateOrganisation
      const [row] = await tx
        .update(organisations)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(organisations.id, orgId))
        .returning()
      if (slugMoves) await moveSlug(tx, orgId, before.slug, row.slug)
      await audit(tx, {
        organisationId: orgId,
        ...actor,
        event: 'organisationUpdate',
        data: { fields, ...(slugMoves ? { slug: { from: before.slug, to: row.slug } } : {}) },
      })
      return row
    })
  } catch (err) {
    throw asTakenError(err)
  }
}
