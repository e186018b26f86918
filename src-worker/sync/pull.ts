import {
  type Change,
  type ChangeOf,
  type ChangesResponse,
  type Cursors,
  ENTITIES,
  ENTITY_NAMES,
  type EntityName,
} from '../../contract/sync'
import { LEGACY_ENTITIES, REPLICA_SCHEMA, type ReplicaDb } from '../../src/local-db/db'
import { CLIENT_ENTITIES, type ClientEntity, entityOf, tombstoneTables } from '../../src/local-db/registry'
import type { OutboxEntry, RemovedNotice } from '../../src/local-db/types'

/*
 * The pull's half of the replica (src-worker/sync/README.md): where each entity's cursor starts,
 * emptying entities that must be pulled again, and applying one page of the changes feed in one
 * transaction. The engine (engine.ts) fetches the pages and calls these.
 */

/**
 * The cursors to pull from, per entity. An entity the replica does not hold in today's row shape
 * (new in this app version, or rows that gained a field) is emptied and pulled from 0; the others
 * keep what they have. A replica from before per-entity cursors keeps its one cursor for the
 * entities its build had (`LEGACY_ENTITIES`).
 */
export async function prepareCursors(db: ReplicaDb): Promise<Cursors> {
  const legacy = await db.getMeta<number>('replicaSchema')
  let cursors = await db.getMeta<Cursors>('cursors')
  let shapes = (await db.getMeta<Partial<Record<EntityName, number>>>('shapes')) ?? {}
  if (!cursors || (legacy !== undefined && legacy !== REPLICA_SCHEMA)) {
    // Made by a build before per-entity cursors: its one cursor holds for the tables it had.
    const single = (await db.getMeta<number>('cursor')) ?? 0
    const had = legacy === undefined ? [] : (LEGACY_ENTITIES[legacy] ?? [])
    const kept: Cursors = {}
    const keptShapes: Partial<Record<EntityName, number>> = {}
    for (const e of had) {
      kept[e] = cursors?.[e] ?? single
      keptShapes[e] = cursors ? shapes[e] : 1
    }
    cursors = kept
    shapes = keptShapes
  }
  const refill = ENTITY_NAMES.filter((e) => shapes[e] !== ENTITIES[e].shape || cursors[e] === undefined)
  if (refill.length) await clearEntities(db, refill)
  const out: Cursors = {}
  for (const e of ENTITY_NAMES) out[e] = refill.includes(e) ? 0 : (cursors[e] ?? 0)
  await db.transaction('rw', db.meta, async () => {
    await db.setMeta('cursors', out)
    await db.setMeta('shapes', Object.fromEntries(ENTITY_NAMES.map((e) => [e, ENTITIES[e].shape])))
    await db.setMeta('replicaSchema', REPLICA_SCHEMA)
  })
  return out
}

/** Empties entities' replica tables and cursors; rows with unsent work are rebuilt from the outbox. */
export async function clearEntities(db: ReplicaDb, entities: EntityName[]) {
  await db.transaction('rw', replicaTables(db), async () => {
    for (const e of entities) await Promise.all(CLIENT_ENTITIES[e].tables(db).map((t) => t.clear()))
    const cursors = (await db.getMeta<Cursors>('cursors')) ?? {}
    for (const e of entities) cursors[e] = 0
    await db.setMeta('cursors', cursors)
    const pending = await db.outbox.toArray()
    for (const e of entities) {
      const ids = pending.filter((o) => entityOf(o) === e).map((o) => o.entityId)
      await CLIENT_ENTITIES[e].rebuild(db, ids)
    }
  })
}

/** Every table a pull writes, for one transaction. */
const replicaTables = (db: ReplicaDb) => [
  ...new Set([...ENTITY_NAMES.flatMap((e) => CLIENT_ENTITIES[e].tables(db)), ...tombstoneTables(db)]),
  db.outbox,
  db.meta,
]

/**
 * Applies one page of the changes feed in one transaction: each entity's changes through its
 * client registry entry (which re-applies unsent changes on top), withheld entities emptied,
 * then the per-entity cursors.
 */
export async function applyChanges(db: ReplicaDb, page: ChangesResponse) {
  await db.transaction('rw', replicaTables(db), async () => {
    const byEntity = new Map<EntityName, Change[]>()
    for (const c of page.changes) {
      const list = byEntity.get(c.entity) ?? []
      list.push(c)
      byEntity.set(c.entity, list)
    }
    for (const [entity, changes] of byEntity)
      await (CLIENT_ENTITIES[entity] as ClientEntity<EntityName>).apply(db, changes as ChangeOf<EntityName>[])
    // The policy no longer lets this replica hold these (a right taken away): empty them. Rows
    // with unsent work are rebuilt from the outbox: that work stays and is sent, and the server
    // decides each entry (what the person may no longer do comes back refused, "needs attention").
    const withheld = (page.withheld ?? []).filter((e): e is EntityName => e in ENTITIES)
    const pending = withheld.length ? await db.outbox.toArray() : []
    // Newly withheld: pulled before (a cursor above 0; the feed sends 0 for a withheld entity, so
    // this holds once) and rows to lose. Rows rebuilt from the outbox alone do not count.
    const before = withheld.length ? ((await db.getMeta<Cursors>('cursors')) ?? {}) : {}
    const emptied: EntityName[] = []
    for (const e of withheld) {
      const tables = CLIENT_ENTITIES[e].tables(db)
      const held = (before[e] ?? 0) > 0 ? await Promise.all(tables.map((t) => t.count())) : []
      if (held.some((n) => n > 0)) emptied.push(e)
      await Promise.all(tables.map((t) => t.clear()))
      await CLIENT_ENTITIES[e].rebuild(
        db,
        pending.filter((o) => entityOf(o) === e).map((o) => o.entityId),
      )
    }
    if (emptied.length) await noteRemoved(db, emptied, pending)
    await db.setMeta('cursors', page.cursors)
    await db.setMeta('lastAckSeq', page.lastMutationSeq)
    // A role change shows here first: the app compares it with the signed-in employee it holds.
    if (page.grants) await db.setMeta('grants', page.grants)
  })
}

/**
 * Records what was just emptied for the user (shown once, src/features/sync/access-notice.tsx),
 * added to a notice not yet read. Only entities that held rows count: a replica that never had
 * customers is told nothing.
 */
async function noteRemoved(db: ReplicaDb, emptied: EntityName[], pending: OutboxEntry[]) {
  const prev = await db.getMeta<RemovedNotice>('removed')
  const entities = [...new Set([...(prev?.entities ?? []), ...emptied])]
  const kept = pending.filter((o) => {
    const e = entityOf(o)
    return e !== undefined && entities.includes(e)
  }).length
  const notice: RemovedNotice = { entities, kept, at: new Date().toISOString() }
  await db.setMeta('removed', notice)
}
