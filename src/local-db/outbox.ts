import { v7 as uuidv7 } from 'uuid'
import { MUTATIONS, type MutationArgs, type MutationName } from '../../contract/sync'
import type { ReplicaDb } from './db'
import { assertQueueable } from './queue-check'
import type { OutboxEntryOf } from './types'

/**
 * Wakes the tab that holds the sync lock (any tab's worker listens on this channel). `manuals`:
 * and ask for the user manuals in that cycle (the manual screen opened: a global admin's change
 * shows without waiting for the next periodic check).
 */
export function pingSync(db: ReplicaDb, what: 'ping' | 'manuals' = 'ping') {
  if (typeof BroadcastChannel === 'undefined') return
  const ch = new BroadcastChannel(`sync-ping:${db.name}`)
  ch.postMessage(what)
  ch.close()
}

/**
 * A new outbox entry, stamped with the mutation's current shape version and the device's clock
 * at the write (`createdAt`): the one place a local write is timed. The entry's overlay shows it
 * until the server answers; the push sends it as `at` with the clock at sending, and the server
 * turns the two into when it happened by its own clock (ARCHITECTURE "Time"). Its args are
 * checked with the contract first (queue-check.ts): a form's bad input is refused here, never
 * queued.
 */
export const entry = <N extends MutationName>(name: N, entityId: string, args: MutationArgs<N>): OutboxEntryOf<N> => {
  assertQueueable(name, args)
  return made(name, entityId, args)
}

const made = <N extends MutationName>(name: N, entityId: string, args: MutationArgs<N>): OutboxEntryOf<N> => ({
  id: uuidv7(),
  name,
  args,
  v: MUTATIONS[name].version,
  entityId,
  status: 'queued',
  error: null,
  createdAt: new Date().toISOString(),
})
