import { and, eq, gt } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import type { DbOrTx } from '../db/client'
import { employees, sessions } from '../db/schema'
import { newToken, sha256 } from './passwords'

type SessionFields = { sessionId: string; expiresAt: Date }
export type Principal = SessionFields &
  (
    | { kind: 'employee'; employeeId: string; organisationId: string; impersonatedBy: string | null }
    | { kind: 'customer'; customerId: string; organisationId: string }
    | { kind: 'globalAdmin'; adminId: string }
  )

export async function createSession(
  db: DbOrTx,
  opts: {
    kind: Principal['kind']
    subjectId: string
    organisationId: string | null
    impersonatedBy?: string | null
    ttlHours: number
  },
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken()
  const expiresAt = new Date(Date.now() + opts.ttlHours * 3600_000)
  await db.insert(sessions).values({
    id: uuidv7(),
    tokenHash: sha256(token),
    kind: opts.kind,
    subjectId: opts.subjectId,
    organisationId: opts.organisationId,
    impersonatedBy: opts.impersonatedBy ?? null,
    expiresAt,
  })
  return { token, expiresAt }
}

/**
 * The session of a bearer token, or null. An employee's session counts only while the employee
 * may sign in at all: deactivation deletes their sessions, and a row that survived anyway (a race,
 * a restore) still opens nothing (defence in depth; one query with the session itself).
 */
export async function findSession(db: DbOrTx, token: string): Promise<Principal | null> {
  const [row] = await db
    .select({ s: sessions, deactivatedAt: employees.deactivatedAt, deletedAt: employees.deletedAt })
    .from(sessions)
    .leftJoin(employees, and(eq(sessions.kind, 'employee'), eq(employees.id, sessions.subjectId)))
    .where(and(eq(sessions.tokenHash, sha256(token)), gt(sessions.expiresAt, new Date())))
    .limit(1)
  if (!row) return null
  const s = row.s
  if (s.kind === 'employee' && (row.deactivatedAt || row.deletedAt)) return null
  if (s.kind === 'employee' && s.organisationId)
    return {
      kind: 'employee',
      employeeId: s.subjectId,
      organisationId: s.organisationId,
      impersonatedBy: s.impersonatedBy,
      sessionId: s.id,
      expiresAt: s.expiresAt,
    }
  if (s.kind === 'customer' && s.organisationId)
    return {
      kind: 'customer',
      customerId: s.subjectId,
      organisationId: s.organisationId,
      sessionId: s.id,
      expiresAt: s.expiresAt,
    }
  if (s.kind === 'globalAdmin')
    return { kind: 'globalAdmin', adminId: s.subjectId, sessionId: s.id, expiresAt: s.expiresAt }
  return null
}

export async function deleteSession(db: DbOrTx, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId))
}

/** Sign out everywhere, e.g. after a password reset. */
export async function deleteSessionsOf(db: DbOrTx, subjectId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.subjectId, subjectId))
}
