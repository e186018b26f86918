import type { AccessChanges } from '../db/access-changes'
import type { DbOrTx } from '../db/client'
import { sha256 } from './passwords'
import { type Principal, readSession, type SessionRecord, slideSession } from './sessions'

/*
 * Issue 25: the session and access behind a bearer token, kept in this instance's memory so a
 * request costs no database round trip to know who calls. Correct on every instance because the
 * database announces every change a resolved session depends on (migration 0029, NOTIFY
 * access_changed): sign-out, deactivation, a role's permissions, the employee's roles, branches,
 * an organisation removed, a global admin deactivated. Then:
 * - a change in an organisation forgets that organisation's sessions ('*': all);
 * - a lookup that was reading the database while any change arrived is answered but not kept
 *   (it may have read the state from before the change);
 * - while changes cannot be heard (the listening connection is down) nothing is kept and
 *   everything kept is forgotten;
 * - an entry is kept at most MAX_AGE_MS and never past the session's end; unknown tokens are
 *   never kept (a new sign-in works at once), and at most MAX_ENTRIES (least recently used go).
 */
const MAX_ENTRIES = 20_000
const MAX_AGE_MS = 5 * 60_000

type Entry = { record: SessionRecord; organisationId: string | null; keptAt: number }

const organisationOf = (p: Principal) => (p.kind === 'globalAdmin' ? null : p.organisationId)

export type SessionCache = ReturnType<typeof createSessionCache>

export function createSessionCache(db: DbOrTx, changes: AccessChanges) {
  const entries = new Map<string, Entry>()
  /** Changes heard so far: a lookup keeps its answer only if none arrived while it read. */
  let heard = 0
  changes.subscribe({
    changed: (organisationId) => {
      heard++
      if (organisationId === '*') return entries.clear()
      for (const [key, e] of entries) if (e.organisationId === organisationId) entries.delete(key)
    },
    lost: () => {
      heard++
      entries.clear()
    },
  })

  async function lookup(tokenHash: string): Promise<SessionRecord | null> {
    const now = Date.now()
    const kept = entries.get(tokenHash)
    if (kept) {
      entries.delete(tokenHash)
      if (kept.keptAt + MAX_AGE_MS > now && kept.record.principal.expiresAt.getTime() > now) {
        entries.set(tokenHash, kept) // most recently used last
        return kept.record
      }
    }
    const before = heard
    const record = await readSession(db, tokenHash)
    if (record && before === heard && changes.listening()) {
      entries.set(tokenHash, { record, organisationId: organisationOf(record.principal), keptAt: now })
      if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value as string)
    }
    return record
  }

  return {
    /** The session of a bearer token, or null; with `slide` its end moves when due (as findSession). */
    async find(token: string, slide?: { ttlHours: number }): Promise<Principal | null> {
      const record = await lookup(sha256(token))
      if (!record) return null
      if (slide) await slideSession(db, record, slide.ttlHours)
      return record.principal
    },
    /** Resolves once this instance has heard every access change committed before the call. */
    heard: () => changes.heard(),
    /** How many sessions are kept (tests, metrics). */
    size: () => entries.size,
  }
}
