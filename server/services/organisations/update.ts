import { eq } from 'drizzle-orm'
import type { Organisation, UpdateOrganisation } from '../../../contract/organisations'
import { authorize, employeeIdOf, type TenantCaller } from '../../auth/caller'
import type { Db } from '../../db/client'
import { organisations } from '../../db/schema'
import { AppError } from '../../errors'
import { audit } from '../audit'
import { isCompanyNameAvailable, isSlugAvailable, uniqueCode } from './availability'
import { getOrganisation, toOrganisation, uniqueViolation } from './find'

export async function readOwnOrganisation(opts: { db: Db; caller: TenantCaller }): Promise<Organisation> {
  authorize(opts.caller, 'organisation.manage')
  return toOrganisation(await getOrganisation(opts.db, opts.caller.organisationId))
}

export async function updateOrganisation(opts: {
  db: Db
  caller: TenantCaller
  patch: UpdateOrganisation
}): Promise<Organisation> {
  const { db, caller, patch } = opts
  authorize(caller, 'organisation.manage')
  const orgId = caller.organisationId
  if (patch.slug !== undefined && !(await isSlugAvailable(db, patch.slug, orgId))) throw new AppError('SLUG_TAKEN')
  if (patch.companyName !== undefined && !(await isCompanyNameAvailable(db, patch.companyName, orgId)))
    throw new AppError('COMPANY_NAME_TAKEN')
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .update(organisations)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(organisations.id, orgId))
        .returning()
      if (!row) throw new AppError('ORGANISATION_NOT_FOUND')
      await audit(tx, {
        organisationId: orgId,
        actorKind: 'employee',
        actorId: employeeIdOf(caller),
        event: 'organisationUpdate',
        data: { fields: Object.keys(patch) },
      })
      return toOrganisation(row)
    })
  } catch (err) {
    const constraint = uniqueViolation(err)
    const code = constraint === null ? null : uniqueCode(constraint)
    if (code) throw new AppError(code)
    throw err
  }
}
