import { eq } from 'drizzle-orm'
import type { Caller } from '../../../contract/policy'
import type { GlobalOrganisationDetail, GlobalUpdateOrganisation } from '../../../contract/global-organisations'
import type { Db } from '../../db/client'
import { organisations } from '../../db/schema'
import { AppError } from '../../errors'
import { audit } from '../audit'
import { patchOrganisation } from '../organisations/update'
import { adminIdOf, organisationById, organisationDetail } from './detail'

/*
 * Issue 23: a global admin corrects an organisation's details, suspends and reactivates it. Each
 * change is audited in the organisation's trail with the admin as the actor (the platform audit
 * reads it, and so do the organisation's own logs where they show non-employee events).
 */

/** An organisation a global admin deleted is no longer changed (only purged). */
async function liveOrganisation(db: Db, id: string) {
  const org = await organisationById(db, id)
  if (org.deletedAt) throw new AppError('ORGANISATION_STATE_UNCHANGED')
  return org
}

/** `PUT /global/organisations`: the owner's rules (PUT /organisations/{org}), audited as the admin's. */
export async function updateAsGlobalAdmin(opts: {
  db: Db
  caller: Caller
  body: GlobalUpdateOrganisation
}): Promise<GlobalOrganisationDetail> {
  const adminId = adminIdOf(opts.caller)
  const { id, ...patch } = opts.body
  await liveOrganisation(opts.db, id)
  await patchOrganisation(opts.db, id, patch, { actorKind: 'globalAdmin', actorId: adminId })
  return organisationDetail(opts.db, id)
}

/**
 * Suspends (`reason` given) or reactivates (null) the organisation. While suspended it is
 * read-only for its users exactly as when its subscription has expired (billing/limits.ts
 * `writableFeatures`), and its staff see why (the access answer's `suspended`).
 */
export async function setSuspended(opts: {
  db: Db
  caller: Caller
  id: string
  reason: string | null
}): Promise<GlobalOrganisationDetail> {
  const adminId = adminIdOf(opts.caller)
  const { db, id, reason } = opts
  await db.transaction(async (tx) => {
    const org = await organisationById(tx, id, { lock: true })
    if (org.deletedAt || (reason !== null) === (org.suspendedAt !== null))
      throw new AppError('ORGANISATION_STATE_UNCHANGED')
    await tx
      .update(organisations)
      .set({ suspendedAt: reason === null ? null : new Date(), suspendedReason: reason, updatedAt: new Date() })
      .where(eq(organisations.id, id))
    await audit(tx, {
      organisationId: id,
      actorKind: 'globalAdmin',
      actorId: adminId,
      event: reason === null ? 'organisationReactivate' : 'organisationSuspend',
      data: reason === null ? { reason: org.suspendedReason } : { reason },
    })
  })
  return organisationDetail(db, id)
}
