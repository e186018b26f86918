/*
 * The service worker's caches of uploaded media (src-worker/sw.ts fills them). They are copies of
 * what the server keeps, so they are the first thing given up when the device runs out of room
 * (storage-room.ts): listed in the order they go, the quickest to fetch again first.
 */
export const MEDIA_CACHE = {
  /** Images, icons and other uploads, refreshed in the background. */
  files: 'storage',
  /** PDF documents a customer or tablet opened once. */
  pdf: 'storage-pdf',
  /** Grow audio, played or saved for offline. */
  audio: 'storage-audio',
} as const

export const MEDIA_CACHES_IN_EVICTION_ORDER = [MEDIA_CACHE.files, MEDIA_CACHE.pdf, MEDIA_CACHE.audio] as const
