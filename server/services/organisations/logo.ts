import { eq } from 'drizzle-orm'
import type { Organisation } from '../../../contract/organisations'
import { authorize, employeeIdOf, type TenantCaller } from '../../auth/caller'
import type { Db } from '../../db/client'
import { organisations } from '../../db/schema'
import { audit } from '../audit'
import { saveLogo } from '../uploads/logo'
import { toOrganisation } from './find'
import { lockOrganisation } from './update'

/**
 * PUT /organisations/{org}/logo (ownOrganisation): the caller is checked before the upload is
 * read, so a stranger's bytes are never stored. The file is kept under a fresh name; the audit
 * entry says that the logo changed, never its bytes.
 */
export async function setLogo(opts: {
  db: Db
  caller: TenantCaller
  dataDir: string
  /** Reads the uploaded file (multipart, the route's part). */
  read: () => Promise<Buffer>
}): Promise<Organisation> {
  const { db, caller } = opts
  authorize(caller, 'organisation.manage')
  const orgId = caller.organisationId
  const key = await saveLogo({ dataDir: opts.dataDir, organisationId: orgId, bytes: await opts.read() })
  return db.transaction(async (tx) => {
    const before = await lockOrganisation(tx, orgId)
    const [row] = await tx
      .update(organisations)
      .set({ logoKey: key, updatedAt: new Date() })
      .where(eq(organisations.id, orgId))
      .returning()
    await audit(tx, {
      organisationId: orgId,
      actorKind: 'employee',
      actorId: employeeIdOf(caller),
      event: 'organisationUpdate',
      data: { fields: ['logo'], logo: before.logoKey ? 'replaced' : 'added' },
    })
    return toOrganisation(row)
  })
}

/**
 * DELETE /organisations/{org}/logo: the screens and e-mails show the company name again. The
 * file itself stays: e-mails sent with it keep their picture.
 */
export async function removeLogo(opts: { db: Db; caller: TenantCaller }): Promise<Organisation> {
  const { db, caller } = opts
  authorize(caller, 'organisation.manage')
  const orgId = caller.organisationId
  return db.transaction(async (tx) => {
    const before = await lockOrganisation(tx, orgId)
    if (!before.logoKey) return toOrganisation(before)
    const [row] = await tx
      .update(organisations)
      .set({ logoKey: null, updatedAt: new Date() })
      .where(eq(organisations.id, orgId))
      .returning()
    await audit(tx, {
      organisationId: orgId,
      actorKind: 'employee',
      actorId: employeeIdOf(caller),
      event: 'organisationUpdate',
      data: { fields: ['logo'], logo: 'removed' },
    })
    return toOrganisation(row)
  })
}
