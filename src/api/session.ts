import type { CustomerSession, EmployeeSession, GlobalSession } from '../../contract/auth'
import { STORAGE_KEYS } from '../../contract/enums'

/*
 * The session store, in the data layer because the transport attaches its token to every request
 * and the query layer drops its cache when it changes; the auth feature's hooks read it
 * (src/features/auth/session.ts). Signed-in users live in localStorage: the employee under
 * `loggedInEmployeeUser` (spec §1), the customer and global admin under their own keys. Tabs see
 * each other's changes (storage event).
 */
const KEYS = {
  employee: STORAGE_KEYS.loggedInEmployeeUser,
  customer: 'loggedInCustomerUser',
  globalAdmin: 'loggedInGlobalAdmin',
} as const
export type SessionKind = keyof typeof KEYS
export type SessionOf = { employee: EmployeeSession; customer: CustomerSession; globalAdmin: GlobalSession }

const listeners = new Set<() => void>()
const cache = new Map<string, { raw: string | null; value: unknown }>()
const emit = () => {
  for (const l of listeners) l()
}
globalThis.addEventListener?.('storage', (e: StorageEvent) => {
  if (!e.key || Object.values(KEYS).includes(e.key as never)) emit()
})

export function getSession<K extends SessionKind>(kind: K): SessionOf[K] | null {
  const raw = localStorage.getItem(KEYS[kind])
  const hit = cache.get(kind)
  if (hit && hit.raw === raw) return hit.value as SessionOf[K] | null
  let value: SessionOf[K] | null = null
  try {
    value = raw ? (JSON.parse(raw) as SessionOf[K]) : null
    // An ended staff session is kept (issue 21 #3): the replica stays open offline, work is read
    // and queued, and the sync waits for the next sign-in (sync-provider.tsx passes no token).
    if (value && kind !== 'employee' && isSessionExpired(value)) value = null
  } catch {
    value = null
  }
  cache.set(kind, { raw, value })
  return value
}

/** The session's end has passed (as far as this device knows; the server extends it in use). */
export const isSessionExpired = (s: { expiresAt: string }, now = Date.now()) => Date.parse(s.expiresAt) <= now

export function setSession<K extends SessionKind>(kind: K, session: SessionOf[K] | null) {
  if (session) localStorage.setItem(KEYS[kind], JSON.stringify(session))
  else localStorage.removeItem(KEYS[kind])
  emit()
}

/** Called whenever any session changes (this tab or another). */
export function subscribeSessions(l: () => void) {
  listeners.add(l)
  return () => {
    listeners.delete(l)
  }
}
