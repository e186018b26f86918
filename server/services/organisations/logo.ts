import { eq } from 'drizzle-orm'
import type { Organisation } from '../../../contract/organisations'
import { authorize, employeeIdOf, type TenantCaller } from '../../auth/caller'
import type { Db } from '../../db/client'
import { organisations } from '../../db/schema'
import { audit } from '../audit'
import type { FileStore } from '../../integrations/storage'
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
  storage: FileStore
  /** Reads the uploaded file (multipart, the route's part). */
  read: () => Promise<Buffer>
}): Promise<Organisation> {
  authorize(opts.caller, 'organisation.manage')
  const key = await saveLogo({
    storage: opts.storage,
    organisationId: opts.caller.organisationId,
    bytes: await opts.read(),
  })
  return changeLogo(opts.db, opts.caller, key)
}

/**
 * DELETE /organisations/{org}/logo: the screens and e-mails show the company name again. The
 * file itself stays: e-mails sent with it keep their picture.
 */
export async function removeLogo(opts: { db: Db; caller: TenantCaller }): Promise<Organisation> {
  authorize(opts.caller, 'organisation.manage')
  return changeLogo(opts.db, opts.caller, null)
}

/** Points the organisation at `key` (null: no logo) and audits added/replaced/removed; no change, no audit. */
async function changeLogo(db: Db, caller: TenantCaller, key: string | null): Promise<Organisation> {
  const orgId = caller.organisationId
  return db.transaction(async (tx) => {
    const before = await lockOrganisation(tx, orgId)
    if (before.logoKey === key) return toOrganisation(before)
    const [row] = await tx
      .update(organisations)
      .set({ logoKey: key, updatedAt: new Date() })
      .where(eq(organisations.id, orgId))
      .returning()
    const change = key === null ? 'removed' : before.logoKey ? 'replaced' : 'added'
    await audit(tx, {
      organisationId: orgId,
      actorKind: 'employee',
      actorId: employeeIdOf(caller),
      event: 'organisationUpdate',
      data: { fields: ['logo'], logo: change },
    })
    return toOrganisation(row)
  })
}
