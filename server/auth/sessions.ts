import { oncePerHandle } from '../db/once-per-handle'
import { and, eq, gt, or, sql } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import type { DbOrTx } from '../db/client'
import { employees, globalAdmins, organisations, sessions } from '../db/schema'
import { type Access, type AccessRow, accessOf, accessRows } from './access'
import { newToken, sha256 } from './passwords'

/**
 * Sliding expiry (issue 21 #3). A session in use moves its end to `SESSION_TTL_HOURS` (config,
 * default 14 days) after its latest request, so a tablet used daily never asks anyone to sign in;
 * one left unused that long ends. It is never moved past `SESSION_MAX_DAYS` after the sign-in
 * (the absolute limit: a stolen token cannot be kept alive forever; a tablet then signs in once a
 * year, and if that moment falls offline the replica stays open, src/features/auth/session.ts).
 * The spec names no session constants (§9); these are the only ones, documented in README.md.
 */
export const SESSION_MAX_DAYS = 365
/** Move the end at most once an hour per session: not one database write per request. */
export const SESSION_EXTEND_STEP_MS = 3600_000
/**
 * Issue 23: a global admin's session lasts 8 hours from the sign-in and never slides (a platform
 * administrator signs in each working day); the steps between password and second factor last
 * 10 minutes. Constants, documented in README.md.
 */
export const GLOBAL_SESSION_HOURS = 8
export const GLOBAL_PENDING_STEP_MINUTES = 10

export type PendingStep = 'secondFactorCode' | 'secondFactorSetup'

type SessionFields = { sessionId: string; expiresAt: Date }
export type Principal = SessionFields &
  (
    | {
        kind: 'employee'
        employeeId: string
        organisationId: string
        impersonatedBy: string | null
        /** Issue 23: the impersonation this session is (with `impersonatedBy`). */
        impersonationId?: string | null
        /** The employee's grants and the organisation's live branches, read with the session. */
        access?: Access
      }
    | { kind: 'customer'; customerId: string; organisationId: string }
    | {
        kind: 'globalAdmin'
        adminId: string
        /** Issue 23: password given, second factor not yet: only that step is open. */
        pendingStep?: PendingStep | null
      }
  )

export async function createSession(
  db: DbOrTx,
  opts: {
    kind: Principal['kind']
    subjectId: string
    organisationId: string | null
    impersonatedBy?: string | null
    impersonationId?: string | null
    parentSessionId?: string | null
    pendingStep?: PendingStep | null
    ttlHours: number
    /** A fixed end instead of `ttlHours` from now (an impersonation within its admin's session). */
    expiresAt?: Date
  },
): Promise<{ token: string; expiresAt: Date; sessionId: string }> {
  const token = newToken()
  const expiresAt = opts.expiresAt ?? new Date(Date.now() + opts.ttlHours * 3600_000)
  const sessionId = uuidv7()
  await db.insert(sessions).values({
    id: sessionId,
    tokenHash: sha256(token),
    kind: opts.kind,
    subjectId: opts.subjectId,
    organisationId: opts.organisationId,
    impersonatedBy: opts.impersonatedBy ?? null,
    impersonationId: opts.impersonationId ?? null,
    parentSessionId: opts.parentSessionId ?? null,
    pendingStep: opts.pendingStep ?? null,
    expiresAt,
  })
  return { token, expiresAt, sessionId }
}

/**
 * The lookup of findSession, prepared once per database handle: it runs on every request, and
 * PostgreSQL took longer to plan it than to run it (issue 25). A transaction builds its own.
 */
const buildFindSession = (db: DbOrTx) =>
  db
    .select({
      s: sessions,
      deactivatedAt: employees.deactivatedAt,
      deletedAt: employees.deletedAt,
      adminId: globalAdmins.id,
      adminDeactivatedAt: globalAdmins.deactivatedAt,
      organisationDeletedAt: organisations.deletedAt,
      // An employee's access rides along (caller.ts accessRows): one round trip per request, not two.
      access: sql<AccessRow[] | string | null>`case when ${sessions.kind} = 'employee' then ${accessRows(
        sessions.organisationId,
        sessions.subjectId,
      )} end`,
    })
    .from(sessions)
    .leftJoin(employees, and(eq(sessions.kind, 'employee'), eq(employees.id, sessions.subjectId)))
    // The global admin behind the session: its subject, or the one acting as the employee.
    .leftJoin(
      globalAdmins,
      or(
        and(eq(sessions.kind, 'globalAdmin'), eq(globalAdmins.id, sessions.subjectId)),
        eq(globalAdmins.id, sessions.impersonatedBy),
      ),
    )
    .leftJoin(organisations, eq(organisations.id, sessions.organisationId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), gt(sessions.expiresAt, sql.placeholder('now'))))
    .limit(1)
    .prepare('find_session')
const findSessionQuery = oncePerHandle(buildFindSession)

/**
 * A resolved session as the session cache keeps it (server/auth/session-cache.ts): the principal
 * and what sliding its end needs.
 */
export type SessionRecord = {
  principal: Principal
  createdAt: Date
  /** Only an employee's or customer's own session slides (not an impersonation, not a global admin's). */
  slides: boolean
}

/**
 * The session of a token's hash, or null. An employee's session counts only while the employee
 * may sign in at all: deactivation deletes their sessions, and a row that survived anyway (a race,
 * a restore) still opens nothing (defence in depth; one query with the session itself). The same
 * holds for a global admin's sessions and the impersonations they started (issue 23). The same
 * for every session of an organisation a global admin deleted.
 */
export async function readSession(db: DbOrTx, tokenHash: string): Promise<SessionRecord | null> {
  const [row] = await findSessionQuery(db).execute({ tokenHash, now: new Date().toISOString() })
  if (!row) return null
  const s = row.s
  if (s.kind === 'employee' && (row.deactivatedAt || row.deletedAt)) return null
  if ((s.kind === 'globalAdmin' || s.impersonatedBy) && (!row.adminId || row.adminDeactivatedAt)) return null
  // Issue 23: a deleted organisation's sessions end with it (they are removed too; defence in depth).
  if (row.organisationDeletedAt) return null
  const principal = principalOf(s, row.access)
  if (!principal) return null
  return { principal, createdAt: s.createdAt, slides: !s.impersonatedBy && s.kind !== 'globalAdmin' }
}

function principalOf(s: typeof sessions.$inferSelect, access: AccessRow[] | string | null): Principal | null {
  if (s.kind === 'employee' && s.organisationId)
    return {
      kind: 'employee',
      employeeId: s.subjectId,
      organisationId: s.organisationId,
      impersonatedBy: s.impersonatedBy,
      impersonationId: s.impersonationId,
      access: access ? accessOf(typeof access === 'string' ? JSON.parse(access) : access) : undefined,
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
    return {
      kind: 'globalAdmin',
      adminId: s.subjectId,
      pendingStep: s.pendingStep,
      sessionId: s.id,
      expiresAt: s.expiresAt,
    }
  return null
}

/**
 * The session of a bearer token, or null, read from the database (the session cache reads
 * through readSession itself). With `slide` its end moves (every API request).
 */
export async function findSession(
  db: DbOrTx,
  token: string,
  /** Given: the session slides (every API request); without it (a stored file) it is only read. */
  slide?: { ttlHours: number },
): Promise<Principal | null> {
  const record = await readSession(db, sha256(token))
  if (!record) return null
  if (slide) await slideSession(db, record, slide.ttlHours)
  return record.principal
}

/** Moves the record's session end when it is due (at most hourly: SESSION_EXTEND_STEP_MS). */
export async function slideSession(db: DbOrTx, record: SessionRecord, ttlHours: number): Promise<void> {
  if (!record.slides) return
  const p = record.principal
  p.expiresAt = await extendSession(
    db,
    { id: p.sessionId, expiresAt: p.expiresAt, createdAt: record.createdAt },
    ttlHours,
  )
}

/**
 * The session's end after this request: `ttlHours` from now, within `SESSION_MAX_DAYS` of the
 * sign-in. An impersonation (a global admin acting as an employee) and a global admin's own
 * session do not slide (issue 23, `SessionRecord.slides`): they are meant to be short, and end
 * when their first lifetime does.
 */
async function extendSession(
  db: DbOrTx,
  s: { id: string; expiresAt: Date; createdAt: Date },
  ttlHours: number,
): Promise<Date> {
  const now = Date.now()
  const target = Math.min(now + ttlHours * 3600_000, s.createdAt.getTime() + SESSION_MAX_DAYS * 86_400_000)
  if (target - s.expiresAt.getTime() < SESSION_EXTEND_STEP_MS) return s.expiresAt
  const next = new Date(target)
  await db.update(sessions).set({ expiresAt: next }).where(eq(sessions.id, s.id))
  return next
}

export async function deleteSession(db: DbOrTx, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId))
}

/**
 * Sign out everywhere, e.g. after a password reset. For a global admin this also ends every
 * impersonation they started (issue 23; the GitLab #20388 bug: revoking did not end it).
 */
export async function deleteSessionsOf(db: DbOrTx, subjectId: string): Promise<void> {
  await db.delete(sessions).where(or(eq(sessions.subjectId, subjectId), eq(sessions.impersonatedBy, subjectId)))
}
