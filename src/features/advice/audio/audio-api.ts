import * as Comlink from 'comlink'
import type { AdviceAudio } from '../../../../contract/advice'
import type { EncodeProgress } from '../../../../shared/audio/encode'
import type { AudioWorkerApi } from '../../../../shared/audio/worker-api'
import { API, type FetchFn } from '../../../api/client'
import { apiCall } from '../../../api/transport'

/**
 * Encodes a recording to MP3 in the audio worker (a fresh worker per encode, ended after: it
 * holds the whole recording while it works). The page stays responsive meanwhile.
 */
export async function encodeInWorker(
  chunks: Float32Array[],
  sampleRate: number,
  onProgress: (p: EncodeProgress) => void,
): Promise<Blob> {
  const w = new Worker(new URL('../../../../src-worker/audio/worker.ts', import.meta.url), { type: 'module' })
  try {
    const remote = Comlink.wrap<AudioWorkerApi>(w)
    const failed = new Promise<never>((_, reject) => {
      w.onerror = (e) => reject(new Error(e.message || 'audio worker failed'))
    })
    const mp3 = await Promise.race([remote.encode(chunks, sampleRate, Comlink.proxy(onProgress)), failed])
    return new Blob([mp3 as Uint8Array<ArrayBuffer>], { type: 'audio/mpeg' })
  } finally {
    w.terminate()
  }
}

/**
 * fetch on XMLHttpRequest, for the one thing fetch cannot do: report the upload's progress.
 * Answers a Response like fetch (so the API core handles statuses and errors as everywhere).
 */
export function fetchWithUploadProgress(onProgress: (sent: number, total: number) => void): FetchFn {
  return (input, init = {}) =>
    new Promise<Response>((resolve, reject) => {
      const xhr = new XMLHttpRequest()
      xhr.open(init.method ?? 'GET', input)
      for (const [k, v] of Object.entries((init.headers ?? {}) as Record<string, string>)) xhr.setRequestHeader(k, v)
      xhr.responseType = 'blob'
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable) onProgress(e.loaded, e.total)
      }
      xhr.onload = () =>
        resolve(
          new Response(xhr.status === 204 ? null : xhr.response, {
            status: xhr.status,
            headers: { 'content-type': xhr.getResponseHeader('content-type') ?? '' },
          }),
        )
      xhr.onerror = () => reject(new TypeError('Network request failed'))
      xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'))
      init.signal?.addEventListener('abort', () => xhr.abort())
      xhr.send(init.body as XMLHttpRequestBodyInit | null)
    })
}

/**
 * Where a recording or an MP3 is uploaded: an organisation's files (Grow, Blueprint), or the
 * platform's (`POST /upload/audio`, global admins: user manuals and paid courses; issue 24).
 */
export type AudioTarget = { org: string } | 'platform'

/** Sends one multipart audio upload to the target's endpoint, under the session that may. */
export function postAudio(target: AudioTarget, form: FormData, fetch?: FetchFn): Promise<AdviceAudio> {
  return target === 'platform'
    ? apiCall(API.globalUploads.audio, { as: 'globalAdmin', body: form, fetch })
    : apiCall(API.uploads.audio, { params: { org: target.org }, body: form, fetch })
}

/** POST …/upload/audio with the recording's id (a retry answers the same file). */
export function uploadAudio(opts: {
  target: AudioTarget
  id: string
  mp3: Blob
  durationSeconds: number
  onProgress: (fraction: number) => void
}): Promise<AdviceAudio> {
  const form = new FormData()
  form.append('id', opts.id)
  form.append('durationSeconds', String(Math.round(opts.durationSeconds * 10) / 10))
  form.append('file', opts.mp3, 'grow-recording.mp3')
  return postAudio(
    opts.target,
    form,
    fetchWithUploadProgress((sent, total) => opts.onProgress(total ? sent / total : 0)),
  )
}
