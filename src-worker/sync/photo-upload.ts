import { API, ApiError, call } from '../../src/api/client'
import type { ReplicaDb } from '../../src/local-db/db'
import { localPhotoId, photoRefs, withPaths } from '../../src/local-db/photos'
import { rebuildSkinAnalyses } from '../../src/local-db/entities/skin-analysis'
import { outboxTables } from '../../src/local-db/registry'
import { rebuildSubmissions } from '../../src/local-db/entities/questionnaire-submission'
import type { OutboxEntry, OutboxError } from '../../src/local-db/types'
import { isSubscriptionExpired, isTransient, type SyncHttp } from './transport'

/**
 * POST /organisations/{org}/upload/images (multipart, field `file`; the photo's id first, so the
 * server stores it under that id and a retry answers the same path): answers the storage path.
 */
export async function uploadPhoto(http: SyncHttp, orgId: string, photo: { id: string; blob: Blob }): Promise<string> {
  const { blob } = photo
  const form = new FormData()
  form.append('id', photo.id)
  form.append('file', blob, `photo.${(blob.type.split('/')[1] ?? 'jpg').replace('jpeg', 'jpg')}`)
  const saved = await call(API.uploads.image, { ...http, params: { org: orgId }, body: form })
  if (!saved?.path) throw new ApiError(0, 'NETWORK', 'Response interrupted')
  return saved.path
}

const refuse = (db: ReplicaDb, e: OutboxEntry, error: OutboxError) =>
  db.transaction('rw', outboxTables(db), async () => {
    const current = await db.outbox.get(e.seq!)
    if (current?.id !== e.id) return
    await db.outbox.update(e.seq!, { status: 'needsAttention', error })
    await rebuildSubmissions(db, [e.entityId])
    await rebuildSkinAnalyses(db, [e.entityId])
  })

/**
 * Uploads the photos the batch's entries refer to and rewrites each entry's local references to
 * the storage paths, so the pushed mutation carries only server paths. Answers the entries ready
 * to push; an entry whose photo the server refuses (type, size) is set aside as needsAttention.
 * Network trouble, 5xx and 401 are thrown: the cycle retries (or pauses) as for a push. A retried
 * upload (lost response) sends the same photo id, and the server answers the path it stored.
 */
export async function uploadBatchPhotos(
  db: ReplicaDb,
  batch: OutboxEntry[],
  upload: (photo: { id: string; blob: Blob }) => Promise<string>,
): Promise<OutboxEntry[]> {
  const ready: OutboxEntry[] = []
  for (const e of batch) {
    const refs = photoRefs(e.args)
    if (refs.length === 0) {
      ready.push(e)
      continue
    }
    const paths = new Map<string, string>()
    let refused: OutboxError | null = null
    for (const ref of refs) {
      const photo = await db.photos.get(localPhotoId(ref))
      if (!photo) {
        refused = { code: 'PHOTO_MISSING', message: 'The photo is no longer on this device.', photo: ref }
        break
      }
      try {
        paths.set(ref, await upload(photo))
      } catch (err) {
        // An expired subscription refuses every write (issue 22): the whole queue waits, unmarked.
        if (!(err instanceof ApiError) || isTransient(err) || err.status === 401 || isSubscriptionExpired(err))
          throw err
        // Which photo it was: the screen marks it and offers to send the rest without it.
        refused = { code: err.code, message: err.message, details: err.details, photo: ref }
        break
      }
    }
    if (refused) {
      await refuse(db, e, refused)
      continue
    }
    // Same args with storage paths for local photo ids: the entry keeps its kind and shape.
    const args = withPaths(e.args, paths) as typeof e.args
    const kept = await db.transaction('rw', outboxTables(db), async () => {
      const current = await db.outbox.get(e.seq!)
      if (current?.id !== e.id) return false
      await db.outbox.update(e.seq!, { args })
      // Uploaded: the server has the photo now, the device no longer needs the Blob.
      await db.photos.bulkDelete(refs.map(localPhotoId))
      await rebuildSubmissions(db, [e.entityId])
      // A skin analysis's photos (issue 11): its row shows the stored paths now.
      await rebuildSkinAnalyses(db, [e.entityId])
      return true
    })
    if (kept) ready.push({ ...e, args } as OutboxEntry)
  }
  return ready
}
