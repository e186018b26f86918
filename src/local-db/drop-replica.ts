import Dexie from 'dexie'
import { closeReplica, type ReplicaDb } from './db'

/**
 * Deletes a signed-out user's replica (staff or customer: nothing of theirs stays on a shared
 * tablet), unless it still holds unsent work — sign-out warned, and it is sent at their next
 * sign-in here. Returns whether it deleted. Called at sign-out and once more after the sync
 * worker has stopped: a worker whose script was still loading may have opened the database anew
 * after the first deletion. A replica found closed counts as holding nothing: whoever closed it
 * was deleting it (an impersonation's end, the first call).
 */
export async function dropReplica(db: ReplicaDb, unsent: (db: ReplicaDb) => Promise<number>): Promise<boolean> {
  const left = await unsent(db).catch((e: unknown) => {
    if (e instanceof Dexie.DatabaseClosedError) return 0
    throw e
  })
  if (left > 0) return false
  closeReplica(db.name)
  await db.delete()
  return true
}
