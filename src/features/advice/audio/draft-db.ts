import Dexie, { type Table } from 'dexie'

/**
 * A recording not yet saved to a module: its PCM, written in chunks while recording (so a tab
 * that is closed, backgrounded on an iPad or killed loses at most a second), and once encoded the
 * MP3 that waits for a connection. One draft per branch (the module drawer's audio field).
 */
export type AudioDraft = {
  key: string
  sampleRate: number
  /** Seconds recorded so far. */
  seconds: number
  /** The upload's id (a retried upload answers the same file). */
  uploadId: string
  /** The encoded file while it waits to be uploaded (offline), else absent. */
  mp3?: Blob
  updatedAt: string
}
export type AudioChunk = { key: string; seq: number; pcm: Float32Array }

class GrowAudioDb extends Dexie {
  drafts!: Table<AudioDraft, string>
  chunks!: Table<AudioChunk, [string, number]>
  constructor() {
    super('grow-audio')
    this.version(1).stores({ drafts: 'key', chunks: '[key+seq], key' })
  }
}

let db: GrowAudioDb | null = null
export const audioDb = () => {
  db ??= new GrowAudioDb()
  return db
}

export const audioDraftKey = (orgId: string, salonId: string) => `${orgId}:${salonId}`

export async function loadDraft(key: string): Promise<{ draft: AudioDraft; chunks: Float32Array[] } | null> {
  const d = audioDb()
  return d.transaction('r', d.drafts, d.chunks, async () => {
    const draft = await d.drafts.get(key)
    if (!draft) return null
    const chunks = await d.chunks.where('key').equals(key).sortBy('seq')
    return { draft, chunks: chunks.map((c) => c.pcm) }
  })
}

/** Appends recorded PCM (chunks numbered from `firstSeq`) and updates the draft's header. */
export async function appendDraft(draft: AudioDraft, firstSeq: number, pcm: Float32Array[]): Promise<void> {
  const d = audioDb()
  await d.transaction('rw', d.drafts, d.chunks, async () => {
    await d.drafts.put(draft)
    await d.chunks.bulkPut(pcm.map((p, i) => ({ key: draft.key, seq: firstSeq + i, pcm: p })))
  })
}

export async function putDraftMp3(key: string, mp3: Blob): Promise<void> {
  const d = audioDb()
  await d.transaction('rw', d.drafts, async () => {
    const draft = await d.drafts.get(key)
    if (draft) await d.drafts.put({ ...draft, mp3, updatedAt: new Date().toISOString() })
  })
}

export async function discardDraft(key: string): Promise<void> {
  const d = audioDb()
  await d.transaction('rw', d.drafts, d.chunks, async () => {
    await d.drafts.delete(key)
    await d.chunks.where('key').equals(key).delete()
  })
}
