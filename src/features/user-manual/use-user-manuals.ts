import { useLiveQuery } from 'dexie-react-hooks'
import type { TrainingCourseFull } from '../../../contract/trainings'
import { useEffect } from 'react'
import { API } from '../../../contract/endpoints'
import { useApiQuery } from '../../api/query'
import { pingSync } from '../../local-db/outbox'
import { heldManualsVersion } from '../../local-db/user-manuals'
import { useReplica } from '../sync/replica-context'

/*
 * The user manuals as this device holds them (issue 24): the sync worker keeps the replica's copy
 * up to date (src/local-db/user-manuals.ts), so the manual and every screen's Help link read it
 * online and offline alike.
 */

export type UserManuals = {
  /** Every manual whole, in order. */
  courses: TrainingCourseFull[]
  /** false until the first copy reached this device (the worker fetches it at its first sync). */
  saved: boolean
}

const byPosition = (a: TrainingCourseFull, b: TrainingCourseFull) =>
  a.position - b.position || a.createdAt.localeCompare(b.createdAt)

/**
 * The manuals on this device; undefined while they are read. An employee without a branch has no
 * replica: the manual is then read from the server (online only; offline it says it is not saved).
 */
export function useUserManuals(): UserManuals | undefined {
  const replica = useReplica()
  // Opening the manual asks the sync worker for changes at once (a periodic check waits longer).
  useEffect(() => {
    if (replica) pingSync(replica.db, 'manuals')
  }, [replica])
  const fetched = useApiQuery(API.userManuals.offline, replica ? null : {})
  const held = useLiveQuery(async () => {
    if (!replica) return undefined
    const { db } = replica
    const [courses, version] = await Promise.all([db.userManuals.toArray(), heldManualsVersion(db)])
    return { courses: courses.sort(byPosition), saved: version !== undefined }
  }, [replica])
  if (replica) return held
  if (fetched.data) return { courses: [...(fetched.data.courses ?? [])].sort(byPosition), saved: true }
  return fetched.isError ? { courses: [], saved: false } : undefined
}

/** The manual holding the page with this key (a segment's `slug`: a screen's Help link) or id. */
export const manualWithPage = (courses: TrainingCourseFull[], page: string) =>
  courses.find((c) => c.modules.some((m) => m.segments.some((s) => s.slug === page || s.id === page)))
