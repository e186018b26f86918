import { v7 as uuidv7 } from 'uuid'
import type { ReplicaDb } from './db'

/*
 * Photos taken for image questions are kept as Blobs in the same local database as the outbox
 * that will carry them, so a photo works offline like any other answer. The answer holds a local
 * reference (`local-photo:<id>`) until the sync engine has uploaded the Blob; it then rewrites the
 * reference to the storage path in the queued mutation, before the mutation is pushed.
 */
export const LOCAL_PHOTO = 'local-photo:'

export const isLocalPhoto = (v: unknown): v is string => typeof v === 'string' && v.startsWith(LOCAL_PHOTO)
export const localPhotoId = (ref: string) => ref.slice(LOCAL_PHOTO.length)

/** Stores a taken photo; answers the reference to keep as the question's answer. */
export async function storePhoto(db: ReplicaDb, file: Blob): Promise<string> {
  const id = uuidv7()
  // In a transaction of its own, so a full device makes room for it (db.ts, storage-room.ts).
  await db.transaction('rw', db.photos, () =>
    db.photos.put({ id, blob: file, type: file.type, createdAt: new Date().toISOString() }),
  )
  return LOCAL_PHOTO + id
}

const valuesOf = (v: unknown): unknown[] => (Array.isArray(v) ? v : [v])
/** A skin analysis's photos (`{ path, takenOn, caption }`; issue 11). */
const photosOf = (args: Record<string, unknown>) =>
  (Array.isArray(args.photos) ? args.photos : []) as { path: unknown; [k: string]: unknown }[]
const answersOf = (args: Record<string, unknown>) =>
  (Array.isArray(args.answers) ? args.answers : []) as { questionId: string; value: unknown }[]

/**
 * Every local photo reference in a mutation's args: the answers of a submission, or the value of
 * an answer edit (an image answer may hold several).
 */
export function photoRefs(args: Record<string, unknown>): string[] {
  const values = [
    ...answersOf(args).flatMap((a) => valuesOf(a.value)),
    ...valuesOf(args.value),
    // A skin analysis's dated photos (issue 11).
    ...photosOf(args).map((p) => p.path),
  ]
  return [...new Set(values.filter(isLocalPhoto))]
}

/** The args with local references replaced by their storage paths. */
export function withPaths(args: Record<string, unknown>, paths: Map<string, string>): Record<string, unknown> {
  const swap = (v: unknown) => (isLocalPhoto(v) ? (paths.get(v) ?? v) : v)
  const swapAll = (v: unknown) => (Array.isArray(v) ? v.map(swap) : swap(v))
  const out = { ...args }
  if (Array.isArray(args.answers)) out.answers = answersOf(args).map((a) => ({ ...a, value: swapAll(a.value) }))
  if ('value' in args) out.value = swapAll(args.value)
  if (Array.isArray(args.photos)) out.photos = photosOf(args).map((p) => ({ ...p, path: swap(p.path) }))
  return out
}
