import { useLiveQuery } from 'dexie-react-hooks'
import { useEffect, useMemo, useRef } from 'react'
import type { EmployeeSession } from '../../../contract/auth'
import { grantsFingerprint } from '../../../contract/sync'
import type { AccessLost } from '../../local-db/types'
import { refreshEmployee } from '../auth/employee-auth'
import { dropLostReplicas } from './lost-branches'
import type { Replica } from './replica-context'

/**
 * Issue 9, "a change takes effect at once": the signed-in employee's permissions (what `useCan`,
 * the navigation and the route guard read) follow the server at the next sync.
 *
 * Each pull carries a fingerprint of the grants the server read for it (contract/sync.ts
 * `grantsFingerprint`); when it differs from the fingerprint of the employee this tab holds, or
 * the branch refused the replica (`accessLost`), `/employees/me` is fetched again — once per
 * new answer of the feed, so an unchanged role costs no request. Whenever the branches held
 * change, replicas of branches no longer held are dropped (lost-branches.ts); the current
 * branch then falls back to one the employee still has (or none: the no-access page).
 */
export function useFollowGrants(replica: Replica | null, session: EmployeeSession | null) {
  const feed = useLiveQuery(async () => {
    if (!replica) return null
    const [grants, lost] = await Promise.all([
      replica.db.getMeta<string>('grants'),
      replica.db.getMeta<AccessLost>('accessLost'),
    ])
    return { grants, lost }
  }, [replica])
  const employee = session?.employee
  const mine = useMemo(
    () => (employee ? grantsFingerprint(employee.salons.map((s) => [s.salonId, s.permissions] as const)) : null),
    [employee],
  )

  // Asked once per answer of the feed: a refresh that does not settle the difference (offline,
  // a server error) is not repeated until the feed says something new.
  const asked = useRef<string | null>(null)
  useEffect(() => {
    if (!session || !feed) return
    const reason = feed.lost
      ? `lost:${feed.lost.at}`
      : feed.grants && feed.grants !== mine
        ? `grants:${feed.grants}`
        : null
    if (!reason || asked.current === reason) return
    asked.current = reason
    void refreshEmployee(session)
  }, [session, feed, mine])

  // The branch names this tab has seen, for the notice of a replica that never pulled its own.
  const names = useRef(new Map<string, string>())
  for (const s of employee?.salons ?? []) names.current.set(s.salonId, s.salonName)
  const held = employee?.salons
    .map((s) => s.salonId)
    .sort()
    .join(',')
  // Runs when the set of branches held changes, not on every new session object.
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the employee and `held` on purpose
  useEffect(() => {
    if (!employee || held === undefined) return
    void dropLostReplicas(employee, names.current).catch((e) => console.warn('could not drop a replica', e))
  }, [employee?.id, held])
}
