import type { UserManualsOffline } from '../../contract/trainings'
import type { ReplicaDb } from './db'

/*
 * The platform's user manuals on the device (issue 24), read offline by the manual screen and
 * every screen's Help link. They belong to no organisation, so they are not in the changes feed
 * (its cursors count the organisation's versions): the sync worker asks `GET /user-manuals/offline`
 * with the version held (src-worker/sync/manuals.ts) and a changed answer replaces the copy whole —
 * new, changed and deleted manuals in one step.
 */

/** The version this replica holds (undefined: none yet). */
export const heldManualsVersion = (db: ReplicaDb) => db.getMeta<string>('userManualsVersion')

/** Stores an answer: unchanged (`courses` null) leaves the copy as it is. */
export async function storeManuals(db: ReplicaDb, answer: UserManualsOffline): Promise<void> {
  const { courses } = answer
  if (!courses) return
  await db.transaction('rw', db.userManuals, db.meta, async () => {
    await db.userManuals.clear()
    await db.userManuals.bulkPut(courses)
    await db.setMeta('userManualsVersion', answer.version)
  })
}
