import type { Readable } from 'node:stream'

/**
 * Where uploaded files live (ARCHITECTURE "files"): the disk under DATA_DIR/storage by default,
 * an S3-compatible bucket when S3_BUCKET is set (issue 25). Every service reads and writes stored
 * files through this one interface, so a second instance serves what the first one stored.
 *
 * Keys are relative, '/'-separated and organisation-scoped: `<organisationId>/images/<uuid>.png`.
 * Each segment starts with a letter or digit (no '..', no hidden names, no absolute paths): a key
 * built from anything a client sent can never leave the storage area (`isStorageKey`).
 */
export type StoredInfo = {
  size: number
  /** The S3 ETag without quotes (the MD5 of the bytes for a single-part upload); none on disk. */
  etag?: string
}

/** A file's bytes as a stream; `size` is the whole file's, even when only a range is streamed. */
export type StoredStream = { body: Readable; size: number }

/** A Buffer, or a stream with its length (S3 needs the length up front; nothing is buffered). */
export type PutBody = Buffer | { stream: Readable; size: number }

export type FileStore = {
  readonly kind: 'disk' | 's3'
  /**
   * Stores the bytes under `key`, replacing what was there; readers never see half a file. With
   * `ifAbsent` an existing file stays as it is and the answer is false (a retried upload under the
   * client's own id: the first one stands).
   */
  put(key: string, body: PutBody, opts?: { ifAbsent?: boolean; contentType?: string }): Promise<boolean>
  /** The file as a stream (bytes start..end inclusive when a range is given); null when missing. */
  get(key: string, range?: { start: number; end: number }): Promise<StoredStream | null>
  /** The whole file in memory (small files: GDPR export, certificates); null when missing. */
  read(key: string): Promise<Buffer | null>
  stat(key: string): Promise<StoredInfo | null>
  /** Removes one file; one already gone is not an error. */
  delete(key: string): Promise<void>
  /** Removes every file under `prefix/` (an organisation's files when it is purged). */
  deletePrefix(prefix: string): Promise<void>
  /** Every file under `prefix/` (all when none), in no particular order (the copy command). */
  list(prefix?: string): AsyncIterable<{ key: string } & StoredInfo>
  /** Releases connections (the S3 client); the disk has none. */
  close(): Promise<void>
}

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]*$/

/** Whether `key` is a storage key (see above): what a path from a client must pass before any use. */
export const isStorageKey = (key: string) => key.length <= 1024 && key.split('/').every((p) => SEGMENT.test(p))

/** Throws for a key that is not a storage key: a caller's bug, never user input reaching the store. */
export function checkKey(key: string): string {
  if (!isStorageKey(key)) throw new Error(`invalid storage key ${JSON.stringify(key)}`)
  return key
}

export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const c of stream) chunks.push(typeof c === 'string' ? Buffer.from(c) : (c as Buffer))
  return Buffer.concat(chunks)
}
