import { eq } from 'drizzle-orm'
import type { GlobalLoginStep } from '../../../contract/auth'
import { signInWithPassword } from '../../auth/credentials'
import { deleteSessionsOf, GLOBAL_PENDING_STEP_MINUTES } from '../../auth/sessions'
import type { Db } from '../../db/client'
import { globalAdminRecoveryCodes, globalAdmins } from '../../db/schema'

/**
 * POST /global/authentication/login (issue 23): the password opens only the next step, a
 * session of 10 minutes that may make that step's calls: the code, or the second factor's
 * set-up when there is none yet. A deactivated admin is an unknown one (INVALID_CREDENTIALS).
 */
export async function loginGlobalAdmin(opts: {
  db: Db
  email: string
  password: string
  ip: string
}): Promise<GlobalLoginStep> {
  const { db } = opts
  const admin = await findGlobalAdminByEmail(db, opts.email)
  const step = admin?.totpSecret ? 'code' : 'setup'
  const { token, expiresAt } = await signInWithPassword({
    db,
    kind: 'globalAdmin',
    account: admin ? { ...admin, organisationId: null } : null,
    email: opts.email,
    password: opts.password,
    ip: opts.ip,
    ttlHours: GLOBAL_PENDING_STEP_MINUTES / 60,
    pendingStep: step === 'code' ? 'secondFactorCode' : 'secondFactorSetup',
  })
  return { step, token, expiresAt }
}

/** The active global admin with this e-mail (the sign-in and its throttle), or null. */
export async function findGlobalAdminByEmail(db: Db, email: string) {
  const [admin] = await db.select().from(globalAdmins).where(eq(globalAdmins.email, email)).limit(1)
  return admin && !admin.deactivatedAt ? admin : null
}

/*
 * Issue 23: any change to a global admin's account ends every session of theirs, and every
 * impersonation they started (server/auth/sessions.ts deleteSessionsOf). A password change is
 * server/seed/global-admin.ts upsertGlobalAdmin; these are the others (scripts/create-global-admin.ts).
 */

/** The second factor is set up again at the next sign-in (a lost phone and lost recovery codes). */
export async function resetGlobalAdminSecondFactor(db: Db, adminId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(globalAdmins)
      .set({ totpSecret: null, totpPendingSecret: null, totpLastStep: null })
      .where(eq(globalAdmins.id, adminId))
    await tx.delete(globalAdminRecoveryCodes).where(eq(globalAdminRecoveryCodes.adminId, adminId))
    await deleteSessionsOf(tx, adminId)
  })
}

/** Deactivated (or active again): a deactivated admin signs in nowhere; their sessions end now. */
export async function setGlobalAdminActive(db: Db, adminId: string, active: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(globalAdmins)
      .set({ deactivatedAt: active ? null : new Date() })
      .where(eq(globalAdmins.id, adminId))
    if (!active) await deleteSessionsOf(tx, adminId)
  })
}
