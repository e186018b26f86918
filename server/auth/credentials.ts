import type { Db } from '../db/client'
import { AppError } from '../errors'
import { audit } from '../services/audit'
import { dummyPasswordHash, verifyPassword } from './passwords'
import { createSession, type PendingStep } from './sessions'

type Account = { id: string; organisationId: string | null; passwordHash: string }

/**
 * The password sign-in every account kind shares: verify (against a dummy hash when the account
 * is unknown, so the answer takes as long either way), audit `failedLogin` or `login`, and open a
 * session. Unknown account and wrong password are the same INVALID_CREDENTIALS.
 */
export async function signInWithPassword<A extends Account>(opts: {
  db: Db
  kind: 'employee' | 'globalAdmin'
  account: A | null
  email: string
  password: string
  ip: string
  ttlHours: number
  /** Issue 23: the session opens only this step (a global admin's second factor). */
  pendingStep?: PendingStep
}): Promise<{ token: string; expiresAt: string; account: A }> {
  const { db, account, kind } = opts
  const ok = await verifyPassword(opts.password, account?.passwordHash ?? (await dummyPasswordHash()))
  if (!account || !ok) {
    await audit(db, {
      organisationId: account?.organisationId ?? null,
      actorKind: kind,
      actorId: account?.id ?? null,
      event: 'failedLogin',
      data: { email: opts.email, ip: opts.ip },
    })
    throw new AppError('INVALID_CREDENTIALS')
  }
  const { token, expiresAt } = await createSession(db, {
    kind,
    subjectId: account.id,
    organisationId: account.organisationId,
    ttlHours: opts.ttlHours,
    pendingStep: opts.pendingStep,
  })
  // A password that only opens the second factor's step is no sign-in yet (audited when it is).
  if (!opts.pendingStep)
    await audit(db, {
      organisationId: account.organisationId,
      actorKind: kind,
      actorId: account.id,
      event: 'login',
      data: { ip: opts.ip },
    })
  return { token, expiresAt: expiresAt.toISOString(), account }
}
