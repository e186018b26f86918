import { useLiveQuery } from 'dexie-react-hooks'
import { useEffect, useReducer } from 'react'
import type { EmployeeSession } from '../../../contract/auth'
import { getSession, isSessionExpired, setSession } from '../auth/session'
import type { Replica } from './replica-context'

/** setTimeout's ceiling (about 24.8 days): a later end is checked again when this fires. */
const MAX_TIMER_MS = 2 ** 31 - 1

/**
 * The token the sync worker may use: the session's, until its end passes, then none (issue 21
 * #3). The replica stays open whatever happens (an ended staff session is kept, session.ts): work
 * is read and queued, nothing is sent, and the pill says a sign-in is needed once online. The end
 * the server last answered (it slides in use; the engine keeps it in meta) moves the stored one
 * on, so a tablet synced today is not told its sign-in of two weeks ago has ended.
 */
export function useSyncToken(replica: Replica | null, session: EmployeeSession | null): string | null {
  const serverEnd = useLiveQuery(async () => replica?.db.getMeta<string>('sessionExpiresAt'), [replica])
  useEffect(() => {
    const current = getSession('employee')
    if (!serverEnd || !current || Date.parse(serverEnd) <= Date.parse(current.expiresAt)) return
    setSession('employee', { ...current, expiresAt: serverEnd })
  }, [serverEnd])

  const [, recheck] = useReducer((n: number) => n + 1, 0)
  const expired = session ? isSessionExpired(session) : false
  const end = session ? Date.parse(session.expiresAt) : Number.NaN
  useEffect(() => {
    if (expired || Number.isNaN(end)) return
    const timer = setTimeout(recheck, Math.min(Math.max(0, end - Date.now()), MAX_TIMER_MS))
    return () => clearTimeout(timer)
  }, [end, expired])
  return session && !expired ? session.token : null
}
