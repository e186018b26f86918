import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import type { AdviceAudio } from '../../../../contract/advice'
import { resample } from '../../../../shared/audio/encode'
import { ApiError } from '../../../api/client'
import { type AudioTarget, encodeInWorker, uploadAudio } from './audio-api'
import { type AudioDraft, appendDraft, discardDraft, loadDraft, putDraftMp3 } from './draft-db'
import { type Capture, type CaptureError, captureErrorOf, startCapture, wavOf } from './recorder'

export type RecordingPhase =
  | { name: 'idle' }
  /** A recording from before (interrupted, or waiting for a connection) is on the device. */
  | { name: 'draft'; seconds: number; encoded: boolean }
  | { name: 'starting' }
  | { name: 'recording'; paused: boolean }
  | { name: 'review'; previewUrl: string }
  | { name: 'encoding'; progress: number }
  | { name: 'uploading'; progress: number }
  /** Encoded and kept; saving needs a connection. */
  | { name: 'waiting' }
  | { name: 'micError'; error: CaptureError }
  | { name: 'encodeError' }
  | { name: 'uploadError'; error: unknown }

/** Written to IndexedDB at least this often while recording (at most this much is lost on a crash). */
const FLUSH_MS = 1000

/** One take of one branch's draft: the PCM in memory, what of it is on the device, the microphone. */
class Take {
  chunks: Float32Array[] = []
  persisted = 0
  rate = 48000
  uploadId: string = crypto.randomUUID()
  capture: Capture | null = null
  mp3: Blob | null = null
  preview: string | null = null
  constructor(readonly key: string) {}

  get seconds() {
    return this.chunks.reduce((n, c) => n + c.length, 0) / this.rate
  }
  header(): AudioDraft {
    return {
      key: this.key,
      sampleRate: this.rate,
      seconds: this.seconds,
      uploadId: this.uploadId,
      updatedAt: new Date().toISOString(),
    }
  }
  /** Writes the chunks not yet on the device (and the header: length, no stale MP3). */
  async flush() {
    const from = this.persisted
    const fresh = this.chunks.slice(from)
    this.persisted = this.chunks.length
    await appendDraft(this.header(), from, fresh).catch(() => {
      this.persisted = Math.min(this.persisted, from)
    })
  }
  clearPreview() {
    if (this.preview) URL.revokeObjectURL(this.preview)
    this.preview = null
  }
  async stopCapture() {
    const c = this.capture
    this.capture = null
    if (!c) return
    await c.stop()
    await this.flush()
  }
  reset() {
    this.chunks = []
    this.persisted = 0
    this.mp3 = null
    this.uploadId = crypto.randomUUID()
    this.clearPreview()
  }
}

/**
 * One place's recording (a branch's, or the platform editor's), from microphone to uploaded file:
 * capture (pause/resume), a draft on the device all along (under `draftKey`), review, MP3 in the
 * worker, upload to `target`. `onSaved` gets the stored audio.
 */
export function useRecording(opts: { target: AudioTarget; draftKey: string; onSaved: (audio: AdviceAudio) => void }) {
  const key = opts.draftKey
  const take = useMemo(() => new Take(key), [key])
  const [phase, setPhase] = useState<RecordingPhase>({ name: 'idle' })
  const [level, setLevel] = useState(0)
  const [seconds, setSeconds] = useState(0)
  const onSaved = useRef(opts.onSaved)
  onSaved.current = opts.onSaved
  // A ref, not a dependency: a target object made afresh each render must not restart an upload.
  const target = useRef(opts.target)
  target.current = opts.target

  // A draft from before is offered when the field opens.
  useEffect(() => {
    let live = true
    void loadDraft(take.key)
      .then((found) => {
        if (!live || !found) return
        take.chunks = found.chunks
        take.persisted = found.chunks.length
        take.rate = found.draft.sampleRate
        take.uploadId = found.draft.uploadId
        take.mp3 = found.draft.mp3 ?? null
        setSeconds(found.draft.seconds)
        setPhase({ name: 'draft', seconds: found.draft.seconds, encoded: !!found.draft.mp3 })
      })
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [take])

  // While recording: keep the draft current, and pause when the tab is hidden or the page goes
  // away (an iPad backgrounding the app takes the microphone anyway) — never lose it silently.
  const recording = phase.name === 'recording'
  useEffect(() => {
    if (!recording) return
    const timer = window.setInterval(() => {
      setSeconds(take.seconds)
      void take.flush()
    }, FLUSH_MS)
    const hide = () => {
      if (document.visibilityState !== 'hidden' || !take.capture) return
      take.capture.pause()
      setLevel(0)
      setPhase({ name: 'recording', paused: true })
      void take.flush()
    }
    const leave = () => void take.stopCapture()
    document.addEventListener('visibilitychange', hide)
    window.addEventListener('pagehide', leave)
    return () => {
      window.clearInterval(timer)
      document.removeEventListener('visibilitychange', hide)
      window.removeEventListener('pagehide', leave)
    }
  }, [recording, take])

  // Closing the drawer mid-recording: the microphone is released, the draft kept.
  useEffect(
    () => () => {
      void take.stopCapture()
      take.clearPreview()
    },
    [take],
  )

  /** Starts (or, with `append`, continues) recording. */
  const record = useCallback(
    async (append: boolean) => {
      take.clearPreview()
      take.mp3 = null
      if (!append) {
        await discardDraft(take.key).catch(() => undefined)
        take.reset()
        setSeconds(0)
      }
      setPhase({ name: 'starting' })
      try {
        const keepRate = append && take.chunks.length > 0 ? take.rate : null
        const c = await startCapture({
          onPcm: (pcm, at) => {
            take.chunks.push(keepRate && at !== keepRate ? resample(pcm, at, keepRate) : pcm)
          },
          onLevel: setLevel,
        })
        take.capture = c
        if (!keepRate) take.rate = c.sampleRate
        // The header is written at once (and a kept MP3 dropped: it no longer matches).
        await take.flush()
        setPhase({ name: 'recording', paused: false })
      } catch (err) {
        setPhase({ name: 'micError', error: captureErrorOf(err) })
      }
    },
    [take],
  )

  const pause = useCallback(() => {
    take.capture?.pause()
    setLevel(0)
    setSeconds(take.seconds)
    setPhase({ name: 'recording', paused: true })
    void take.flush()
  }, [take])

  const resume = useCallback(() => {
    if (!take.capture) return void record(true)
    take.capture.resume()
    setPhase({ name: 'recording', paused: false })
  }, [take, record])

  /** Stops the microphone and offers the recording to listen back. */
  const finish = useCallback(async () => {
    await take.stopCapture()
    setLevel(0)
    setSeconds(take.seconds)
    take.clearPreview()
    take.preview = URL.createObjectURL(wavOf(take.chunks, take.rate))
    setPhase({ name: 'review', previewUrl: take.preview })
  }, [take])

  const upload = useCallback(
    async (file: Blob) => {
      if (!navigator.onLine) return setPhase({ name: 'waiting' })
      setPhase({ name: 'uploading', progress: 0 })
      try {
        const audio = await uploadAudio({
          target: target.current,
          id: take.uploadId,
          mp3: file,
          durationSeconds: take.seconds,
          onProgress: (progress) => setPhase({ name: 'uploading', progress }),
        })
        await discardDraft(take.key).catch(() => undefined)
        take.reset()
        setPhase({ name: 'idle' })
        onSaved.current(audio)
      } catch (err) {
        setPhase(err instanceof ApiError && err.isNetwork ? { name: 'waiting' } : { name: 'uploadError', error: err })
      }
    },
    [take],
  )

  /** Encodes (in the worker) and uploads; offline the MP3 is kept with the draft for later. */
  const save = useCallback(async () => {
    await take.stopCapture()
    setLevel(0)
    if (!take.mp3) {
      setPhase({ name: 'encoding', progress: 0 })
      try {
        take.mp3 = await encodeInWorker(take.chunks, take.rate, (p) =>
          setPhase({ name: 'encoding', progress: p.total ? p.done / p.total : 1 }),
        )
        await putDraftMp3(take.key, take.mp3).catch(() => undefined)
      } catch {
        return setPhase({ name: 'encodeError' })
      }
    }
    await upload(take.mp3)
  }, [take, upload])

  // Waiting for a connection: saving goes on by itself when it comes back.
  const waiting = phase.name === 'waiting'
  useEffect(() => {
    if (!waiting) return
    const retry = () => {
      if (take.mp3) void upload(take.mp3)
    }
    window.addEventListener('online', retry)
    return () => window.removeEventListener('online', retry)
  }, [waiting, take, upload])

  const discard = useCallback(async () => {
    await take.stopCapture()
    await discardDraft(take.key).catch(() => undefined)
    take.reset()
    setLevel(0)
    setSeconds(0)
    setPhase({ name: 'idle' })
  }, [take])

  return { phase, level, seconds, record, pause, resume, finish, save, discard }
}
