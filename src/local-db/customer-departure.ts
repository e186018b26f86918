import { STORAGE_BASE } from '../api/request'
import type { ReplicaDb } from './db'
import { dropCommentsOf } from './entities/customer-comment'
import { dropCustomerDocumentsOf } from './entities/customer-document'
import { rebuildSubmissions } from './entities/questionnaire-submission'
import { dropSkinAnalysesOf } from './entities/skin-analysis'
import { MEDIA_CACHE } from './media-caches'

/**
 * A customer tombstone (hard delete, or the customer left this branch): their submissions,
 * comments, conflicts and cached photos leave the replica with them (issue 10: "every tablet's
 * replica drops the customer and their photos at the next sync"). Unsent work about them stays
 * in the outbox (the server decides it; a hard-deleted customer's comes back refused and waits
 * for staff) and keeps showing through the rebuild. The tables it writes: registry.ts
 * `tombstoneTables`.
 */
export async function dropCustomerData(db: ReplicaDb, customerIds: string[]) {
  const of = new Set(customerIds)
  // serverSubmissions has no customerId index: scanned (tombstones are rare).
  const servers = await db.serverSubmissions.filter((x) => of.has(x.customerId)).primaryKeys()
  const local = await db.submissions.where('customerId').anyOf(customerIds).toArray()
  const ids = [...new Set([...servers, ...local.map((x) => x.id)])]
  const photoPaths = local.flatMap((x) =>
    x.answers.flatMap((a) => (Array.isArray(a.value) ? a.value : [a.value])).filter(isStoredImage),
  )
  await db.serverSubmissions.bulkDelete(ids)
  await rebuildSubmissions(db, ids)
  await db.customerConflicts.where('customerId').anyOf(customerIds).delete()
  // Their comments too (sent ones go; unsent ones stay visible until the server decides).
  await dropCommentsOf(db, customerIds)
  await dropSkinAnalysesOf(db, customerIds)
  await dropCustomerDocumentsOf(db, customerIds)
  // The service worker's cached copies of their photos (outside the transaction, afterwards).
  if (photoPaths.length) setTimeout(() => void dropCachedPhotos(photoPaths), 0)
}

/** A storage path of an uploaded image (`<org>/images/<file>`), as image answers hold them. */
const isStoredImage = (v: unknown): v is string => typeof v === 'string' && /^[\w-]+\/images\/[\w.-]+$/.test(v)

async function dropCachedPhotos(paths: string[]) {
  if (typeof caches === 'undefined') return
  const cache = await caches.open(MEDIA_CACHE.files).catch(() => null)
  if (!cache) return
  for (const p of paths) await cache.delete(`${STORAGE_BASE}/${p}`).catch(() => false)
}
