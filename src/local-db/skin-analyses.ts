import { v7 as uuidv7 } from 'uuid'
import type { SaveSkinAnalysis } from '../../contract/skin-analysis'
import type { ReplicaDb } from './db'
import { rebuildSkinAnalyses } from './entities/skin-analysis'
import { retryEntry } from './mutations'
import { entry, pingSync } from './outbox'
import { localPhotoId } from './photos'
import { outboxTables } from './registry'
import type { OutboxEntry } from './types'

/*
 * Skin analyses saved on this device (the entity, its overlay and feed: entities/skin-analysis.ts).
 */

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
