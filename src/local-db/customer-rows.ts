import type { Table } from 'dexie'
import type { EntityName } from '../../contract/sync'
import type { ReplicaDb } from './db'
import { type ClientMutationsOf, type EntityDefinition, groupByEntity, replay } from './entity'

/** A replica row as the screens read it: the row, whether unsent work is on it, and a refusal. */
export type Shown<R> = R & { _pending: 0 | 1; _error: string | null }

/*
 * The rows that belong to a customer and are written on the device (comments, skin analyses):
 * the server's acknowledged copy in one table, what the screens read in another — that copy
 * with this device's unsent entries replayed on top (the entity's overlays), so a pull never hides
 * work that has not reached the server yet. One implementation for every such entity (and for
 * the employee's own training progress, issue 24, which has no customer: `dropOf` is unused there).
 */
export function customerRows<R extends { id: string; version: number }, E extends EntityName>(opts: {
  /** The entity's client mutations: their overlays replay here. */
  mutations: ClientMutationsOf<E>
  shown: (db: ReplicaDb) => Table<Shown<R>, string>
  server: (db: ReplicaDb) => Table<Shown<R>, string>
}) {
  // The screens' marks never go into the server copy or a replay.
  const strip = (row: R | Shown<R>): R => {
    const { _pending, _error, ...rest } = row as Shown<R>
    return rest as unknown as R
  }

  const toLocal = (row: R, pending = false, error: string | null = null): Shown<R> => ({
    ...strip(row),
    _pending: pending ? 1 : 0,
    _error: error,
  })

  /** Recomputes the visible rows of `ids`. Call inside a rw transaction over both tables and the outbox. */
  async function rebuild(db: ReplicaDb, ids: Iterable<string>) {
    const unique = [...new Set(ids)]
    if (unique.length === 0) return
    const [servers, entries] = await Promise.all([
      opts.server(db).bulkGet(unique),
      db.outbox.where('entityId').anyOf(unique).toArray(),
    ])
    const byEntity = groupByEntity(entries)
    const puts: Shown<R>[] = []
    const deletes: string[] = []
    unique.forEach((id, i) => {
      const server = servers[i]
      const { row, pending, error } = replay<R>(
        opts.mutations,
        server ? strip(server) : undefined,
        byEntity.get(id) ?? [],
      )
      if (row) puts.push(toLocal(row, pending, error))
      else deletes.push(id)
    })
    if (puts.length) await opts.shown(db).bulkPut(puts)
    if (deletes.length) await opts.shown(db).bulkDelete(deletes)
  }

  /** Stores server rows (a pull page or push results) and tombstones, then rebuilds what the screens see. */
  async function putServer(db: ReplicaDb, rows: R[], tombstones: string[] = []) {
    const fresh: Shown<R>[] = []
    for (const row of rows) {
      const known = await opts.server(db).get(row.id)
      if (!known || known.version <= row.version) fresh.push(toLocal(row))
    }
    if (fresh.length) await opts.server(db).bulkPut(fresh)
    if (tombstones.length) await opts.server(db).bulkDelete(tombstones)
    await rebuild(db, [...fresh.map((r) => r.id), ...tombstones])
  }

  /**
   * Customers left the replica (a tombstone, or soft-deleted): their rows go with them. Unsent
   * ones stay visible from the outbox (the server decides them; a refusal waits for staff).
   */
  async function dropOf(db: ReplicaDb, customerIds: string[]) {
    if (customerIds.length === 0) return
    const server = await opts.server(db).where('customerId').anyOf(customerIds).primaryKeys()
    const shown = await opts.shown(db).where('customerId').anyOf(customerIds).primaryKeys()
    await opts.server(db).bulkDelete(server)
    await rebuild(db, [...server, ...shown])
  }

  /** The entity: both tables, each feed page stored as server rows and tombstones. */
  const entity: EntityDefinition<E> = {
    tables: (db) => [opts.shown(db), opts.server(db)],
    apply: (db, changes) =>
      putServer(
        db,
        changes.flatMap((c) => (c.deleted ? [] : [c.row as unknown as R])),
        changes.flatMap((c) => (c.deleted ? [c.id] : [])),
      ),
    rebuild: (db, ids) => rebuild(db, ids),
    mutations: opts.mutations,
  }

  return { toLocal, rebuild, putServer, dropOf, entity }
}
