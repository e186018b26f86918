import { v4 as uuidv4 } from 'uuid'
import { MAX_AUDIO_BYTES } from '../../../contract/endpoints/uploads'
import type { AdviceAudio } from '../../../contract/advice'
import { authorize, type TenantCaller } from '../../auth/caller'
import { invalidFile } from '../../errors'
import { type FileStore, storageUrl } from '../../integrations/storage'
import { parseMp3 } from '../uploads/mp3'

const MAX_DURATION = 24 * 3600

/*
 * Grow audio (issue 11): the MP3 an advice plays, uploaded on its own (the uploads endpoint);
 * the advice then names it. MP3 recognition itself is ../uploads/mp3.ts.
 */

/**
 * Recognises the upload as an MP3 by its own bytes (an optional ID3v2 tag, then MPEG layer-III
 * frames), never by its name or declared type; refuses an empty, oversized or other file.
 */
export function checkMp3(bytes: Buffer) {
  if (bytes.length === 0) throw invalidFile('upload.audioType')
  if (bytes.length > MAX_AUDIO_BYTES) throw invalidFile('upload.audioSize')
  const mp3 = parseMp3(bytes)
  if (!mp3) throw invalidFile('upload.audioType')
  return mp3
}

/**
 * Stores a Grow module's audio under `<org>/audio/<uuid>.mp3`; with the client's `id` under that
 * id, so a retried upload answers the same path. The duration is the client's (it recorded it)
 * when given and sensible, else counted from the frames.
 */
export async function saveAudio(opts: {
  storage: FileStore
  organisationId: string
  bytes: Buffer
  id?: string
  durationSeconds?: number
}): Promise<AdviceAudio> {
  const mp3 = checkMp3(opts.bytes)
  const rel = `${opts.organisationId}/audio/${opts.id ?? uuidv4()}.mp3`
  // A retry under the client's id: the first upload stands (uploads/index.ts).
  if (!(await opts.storage.put(rel, opts.bytes, { ifAbsent: true })) && !opts.id) throw new Error(`${rel} exists`)
  const given = opts.durationSeconds
  const estimate = mp3.durationSeconds
  const duration =
    given !== undefined && Number.isFinite(given) && given >= 0 && given <= MAX_DURATION
      ? given
      : estimate > 0 && estimate <= MAX_DURATION
        ? estimate
        : null
  return { path: rel, url: storageUrl(rel), durationSeconds: duration === null ? null : Math.round(duration * 10) / 10 }
}

/**
 * POST /organisations/{org}/upload/audio: spoken advice for a Grow module, by staff who manage
 * modules (policy uploads.audio). The caller is checked and the upload counted (the
 * organisation's upload budget, like images) before the body is read.
 */
export async function uploadAudio(opts: {
  caller: TenantCaller
  storage: FileStore
  count: (key: string) => Promise<void>
  read: () => Promise<{ bytes: Buffer; id?: string; durationSeconds?: number }>
}) {
  const { caller } = opts
  authorize(caller, 'uploads.audio')
  await opts.count(`uploads:${caller.organisationId}`)
  const file = await opts.read()
  return saveAudio({ storage: opts.storage, organisationId: caller.organisationId, ...file })
}
