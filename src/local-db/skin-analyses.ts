import { v7 as uuidv7 } from 'uuid'
import type { SaveSkinAnalysis, SkinAnalysis } from '../../contract/skin-analysis'
import type { MutationArgs } from '../../contract/sync'
import type { ReplicaDb } from './db'
import { entry, pingSync, retryEntry } from './mutations'
import { customerRows } from './customer-rows'
import { localPhotoId } from './photos'
import { outboxTables } from './registry'
import type { OutboxEntry } from './types'

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

const rows = customerRows<SkinAnalysis>({
  entity: 'skinAnalysis',
  shown: (db) => db.skinAnalyses,
  server: (db) => db.serverSkinAnalyses,
})

/** Recomputes the visible analyses of `ids`. Call inside a rw transaction over both tables and the outbox. */
export const rebuildSkinAnalyses = rows.rebuild
/** Stores server rows (a pull page or push results) and tombstones, then rebuilds what the screens see. */
export const putServerSkinAnalyses = rows.putServer
/** Customers left the replica: their analyses go with them (unsent ones stay visible from the outbox). */
export const dropSkinAnalysesOf = rows.dropOf

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
