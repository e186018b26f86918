import { createHash } from 'node:crypto'
import type { Caller } from '../../../contract/policy'
import type { UserManualsOffline } from '../../../contract/trainings'
import type { DbOrTx } from '../../db/client'
import { fullCourses, liveCourses } from './read'
import { manualScope } from './scope'

/*
 * The user manuals read offline (issue 24). Manuals belong to no organisation, so they cannot ride
 * the changes feed: its cursors are versions of the organisation's one counter, and a page cut by
 * `limit` compares versions across entities (sync/changes.ts). Manuals are few and small (the media
 * are files the service worker caches), so the replica holds them whole and the sync worker asks,
 * after each pull, whether the set changed: the version is a hash of exactly what this reader
 * receives, so any change — a new, changed, reordered or deleted manual, module or page —
 * gives a new one, and the device replaces its copy. Unchanged, the answer carries no courses.
 */
export async function offlineManuals(o: { db: DbOrTx; caller: Caller; version?: string }): Promise<UserManualsOffline> {
  const scope = manualScope(o.caller)
  const courses = await fullCourses(o.db, scope, await liveCourses(o.db, scope))
  const version = createHash('sha256').update(JSON.stringify(courses)).digest('base64url').slice(0, 22)
  return { version, courses: version === o.version ? null : courses }
}
