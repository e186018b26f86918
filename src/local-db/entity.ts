import type { Table } from 'dexie'
import type { ChangeOf, EntityName, EntityOf, EntityRow, MutationName, MutationsOf } from '../../contract/sync'
import type { ReplicaDb } from './db'
import type { OutboxEntry, OutboxEntryOf } from './types'

/*
 * What one synced entity declares on the client: its replica tables, how a page of the feed is
 * written into them, and how each of its mutations shows on its row before the server has it
 * (overlay), what the server's answer settles and what a refusal means. Each entity is one file
 * in entities/, listed in entities/index.ts; the registry dispatches through that list. Nothing
 * here or in an entity file imports the registry, so there is no import cycle.
 */

/** The client half of one synced entity. */
export type ClientEntity<E extends EntityName> = {
  /** Its replica tables: emptied when the entity is pulled again from 0 or withheld. */
  tables: (db: ReplicaDb) => Table[]
  /** Writes one page's changes of this entity (inside the pull's transaction). */
  apply: (db: ReplicaDb, changes: ChangeOf<E>[]) => Promise<void>
  /** Recomputes the visible rows of `ids` from the server copy + unsent entries. */
  rebuild: (db: ReplicaDb, ids: string[]) => Promise<void>
}

/** The row an entity's unsent entries replay over (the server copy, as the screens see it). */
type RowOf<N extends MutationName> = EntityRow<EntityOf<N>>

/** The client half of one synced mutation. */
export type ClientMutation<N extends MutationName> = {
  /** The entry shown on its row before the server has it (undefined: no row yet). */
  overlay: (row: RowOf<N> | undefined, e: OutboxEntryOf<N>) => RowOf<N> | undefined
  /** The server applied it (or had already): store what it answered. */
  settle: (db: ReplicaDb, e: OutboxEntryOf<N>, result: unknown, touch: (entityId: string) => void) => Promise<void>
  /**
   * What a refusal means beyond "needs attention" (the entry stays for staff in any case): e.g.
   * later changes of the same customer fold into the refused one.
   */
  refused?: (db: ReplicaDb, e: OutboxEntryOf<N>) => Promise<void>
  /** Sent again by staff: true when handled here (else: the same entry under a new id). */
  retry?: (db: ReplicaDb, e: OutboxEntryOf<N>, opts: { assignExisting?: boolean }) => Promise<boolean>
  /** The entry makes its row (nothing of it on the server before). */
  createsRow?: boolean
  /** Dropped by staff: undo what showed on the row beyond the replayed overlay. */
  discarded?: (db: ReplicaDb, e: OutboxEntryOf<N>) => Promise<void>
  /**
   * Based on the change before it on the same row: never two of the same row in one push, so a
   * refusal of the first reaches the client before the second is sent (engine.ts).
   */
  oneAtATime?: boolean
}

/** The client halves of an entity's mutations (contract MUTATIONS whose entity is E). */
export type ClientMutationsOf<E extends EntityName> = { [N in MutationsOf<E>]: ClientMutation<N> }

/** One synced entity as its file in entities/ declares it. */
export type EntityDefinition<E extends EntityName> = ClientEntity<E> & { mutations: ClientMutationsOf<E> }

export const putOrDelete = async <E extends EntityName>(table: Table, changes: ChangeOf<E>[]) => {
  for (const c of changes) {
    if (c.deleted) await table.delete(c.id)
    else await table.put(c.row)
  }
}

/**
 * An entity changed online only and read offline: its feed rows are stored as they come, and
 * nothing unsent ever replays over them.
 */
export const readOnlyEntity = <E extends EntityName>(table: (db: ReplicaDb) => Table): EntityDefinition<E> => ({
  tables: (db) => [table(db)],
  apply: (db, changes) => putOrDelete(table(db), changes),
  rebuild: async () => undefined,
  mutations: {} as ClientMutationsOf<E>,
})

/** Groups outbox entries by the row they touch, each group in seq order. */
export function groupByEntity(entries: OutboxEntry[]): Map<string, OutboxEntry[]> {
  const map = new Map<string, OutboxEntry[]>()
  for (const e of [...entries].sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0))) {
    const list = map.get(e.entityId) ?? []
    list.push(e)
    map.set(e.entityId, list)
  }
  return map
}

/**
 * Replays `entries` (sorted by seq) over the server copy through one entity's `mutations`;
 * entries of other entities, or of a kind this app version does not know, are skipped. Returns
 * the row and whether any entry is pending / the code of the first that needs attention.
 */
export function replay<R>(mutations: object, server: R | undefined, entries: OutboxEntry[]) {
  let row = server
  let pending = false
  let error: string | null = null
  for (const e of entries) {
    if (!Object.hasOwn(mutations, e.name)) continue
    const m = (mutations as Record<string, { overlay: (r: R | undefined, e: OutboxEntry) => R | undefined }>)[e.name]
    pending = true
    row = m.overlay(row, e)
    if (e.status === 'needsAttention' && !error) error = e.error?.code ?? 'ERROR'
  }
  return { row, pending, error }
}
