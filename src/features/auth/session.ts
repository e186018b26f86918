import { useSyncExternalStore } from 'react'
import { getSession, type SessionKind, type SessionOf, subscribeSessions } from '../../api/session'

/*
 * The signed-in users as screens read them. The store itself is the data layer's
 * (src/api/session.ts: the transport attaches its token); features take it from here.
 */
export { getSession, isSessionExpired, setSession, subscribeSessions } from '../../api/session'

export function useSession<K extends SessionKind>(kind: K): SessionOf[K] | null {
  return useSyncExternalStore(subscribeSessions, () => getSession(kind))
}

export const useEmployeeSession = () => useSession('employee')
