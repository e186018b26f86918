import { v7 as uuidv7 } from 'uuid'
import type { SaveSkinAnalysis, SkinAnalysis } from '../../contract/skin-analysis'
import type { MutationArgs } from '../../contract/sync'
import type { ReplicaDb } from './db'
import { entry, pingSync, retryEntry } from './mutations'
import { groupByEntity } from './overlay'
import { localPhotoId } from './photos'
import { outboxTables, replay } from './registry'
import type { LocalSkinAnalysis, OutboxEntry } from './types'

/*
 * Skin analyses (issue 11) follow the comments' pattern: the server's acknowledged copy + this
 * device's unsent saves replayed on top, so a pull never hides an analysis that has not reached
 * the server yet. Saved offline they are kept, marked pending, and sent once: the save carries
 * the analysis's own client UUID, which the server is idempotent on.
 */

/** An analysis made from a `skinAnalysis.save` entry, before the server has it. */
export function analysisFromSave(args: MutationArgs<'skinAnalysis.save'>, createdAt: string): SkinAnalysis {
  return {
    id: args.id,
    customerId: args.customerId,
    salonId: args.salonId,
    // The server names the author on arrival.
    employeeId: null,
    authorName: '',
    analysedOn: args.analysedOn,
    skinType: args.skinType,
    fitzpatrick: args.fitzpatrick,
    findings: args.findings as SkinAnalysis['findings'],
    notes: args.notes,
    photos: args.photos.map((p) => ({ path: p.path, takenOn: p.takenOn, caption: p.caption ?? '' })),
    createdAt,
    version: 0,
  }
}

const strip = ({ _pending, _error, ...a }: SkinAnalysis & Partial<LocalSkinAnalysis>): SkinAnalysis => a

const toLocal = (a: SkinAnalysis, pending = false, error: string | null = null): LocalSkinAnalysis => ({
  ...strip(a),
  _pending: pending ? 1 : 0,
  _error: error,
})

/** Recomputes the visible analyses of `ids`. Call inside a rw transaction over both tables and the outbox. */
export async function rebuildSkinAnalyses(db: ReplicaDb, ids: Iterable<string>) {
  const unique = [...new Set(ids)]
  if (unique.length === 0) return
  const [servers, entries] = await Promise.all([
    db.serverSkinAnalyses.bulkGet(unique),
    db.outbox.where('entityId').anyOf(unique).toArray(),
  ])
  const byEntity = groupByEntity(entries)
  const puts: LocalSkinAnalysis[] = []
  const deletes: string[] = []
  unique.forEach((id, i) => {
    const server = servers[i]
    const { row, pending, error } = replay<SkinAnalysis>(
      'skinAnalysis',
      server ? strip(server) : undefined,
      byEntity.get(id) ?? [],
    )
    if (row) puts.push(toLocal(row, pending, error))
    else deletes.push(id)
  })
  if (puts.length) await db.skinAnalyses.bulkPut(puts)
  if (deletes.length) await db.skinAnalyses.bulkDelete(deletes)
}

/** Stores server rows (a pull page or push results) and tombstones, then rebuilds what the screens see. */
export async function putServerSkinAnalyses(db: ReplicaDb, rows: SkinAnalysis[], tombstones: string[] = []) {
  const fresh: LocalSkinAnalysis[] = []
  for (const a of rows) {
    const known = await db.serverSkinAnalyses.get(a.id)
    if (!known || known.version <= a.version) fresh.push(toLocal(a))
  }
  if (fresh.length) await db.serverSkinAnalyses.bulkPut(fresh)
  if (tombstones.length) await db.serverSkinAnalyses.bulkDelete(tombstones)
  await rebuildSkinAnalyses(db, [...fresh.map((a) => a.id), ...tombstones])
}

/** Customers left the replica: their analyses go with them (unsent ones stay visible from the outbox). */
export async function dropSkinAnalysesOf(db: ReplicaDb, customerIds: string[]) {
  if (customerIds.length === 0) return
  const server = await db.serverSkinAnalyses.where('customerId').anyOf(customerIds).primaryKeys()
  const shown = await db.skinAnalyses.where('customerId').anyOf(customerIds).primaryKeys()
  await db.serverSkinAnalyses.bulkDelete(server)
  await rebuildSkinAnalyses(db, [...server, ...shown])
}

/**
 * Saves a new analysis locally (row + outbox entry in one transaction): shown at once, marked
 * pending, sent when there is a connection. Answers the analysis's id.
 */
export async function saveSkinAnalysis(
  db: ReplicaDb,
  input: Omit<SaveSkinAnalysis, 'id'> & { customerId: string; salonId: string },
): Promise<string> {
  const id = uuidv7()
  const e: OutboxEntry = entry('skinAnalysis.save', id, { ...input, id })
  await db.transaction('rw', [db.skinAnalyses, db.serverSkinAnalyses, db.outbox], async () => {
    await db.outbox.add(e)
    await rebuildSkinAnalyses(db, [id])
  })
  pingSync(db)
  return id
}

/**
 * A save held back because the server refused one of its photos (type, size) or the photo is
 * gone from the device: sends it again without that photo (the rest of the analysis is kept).
 * Answers false when the entry is not such a save any more (sent, discarded, another tab).
 */
export async function sendWithoutRefusedPhoto(db: ReplicaDb, seq: number): Promise<boolean> {
  const dropped = await db.transaction('rw', outboxTables(db), async () => {
    const e = await db.outbox.get(seq)
    const ref = e?.error?.photo
    if (e?.name !== 'skinAnalysis.save' || e.status !== 'needsAttention' || !ref) return false
    await db.outbox.update(seq, { args: { ...e.args, photos: e.args.photos.filter((p) => p.path !== ref) } })
    await db.photos.delete(localPhotoId(ref))
    return true
  })
  if (dropped) await retryEntry(db, seq)
  return dropped
}
