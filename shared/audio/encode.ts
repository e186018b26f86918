import { Mp3Encoder } from '@breezystack/lamejs'

/*
 * Mono PCM (Float32, -1…1, as the Web Audio API captures it) → MP3 with lamejs. Runs in the audio
 * worker (src-worker/audio/worker.ts) so the page stays responsive, and in Node for tests and the
 * bench. Encodes in slices of whole MP3 frames and reports progress between slices.
 */

/** 128 kbit/s mono: clear speech, about 1 MB a minute (a 30-minute advice ≈ 29 MB). */
export const MP3_KBPS = 128
/** Samples handed to lamejs at a time: a multiple of 1152 (one MPEG-1 frame). */
const SLICE = 1152 * 40

export type EncodeProgress = { done: number; total: number }

/** lamejs encodes MPEG-1 layer III at these rates only (the ones a microphone gives). */
export const MP3_SAMPLE_RATES = [32000, 44100, 48000] as const

/** Float samples → 16-bit, clipped (a loud voice must not wrap around into a crack). */
export function toInt16(input: Float32Array, out = new Int16Array(input.length)): Int16Array {
  for (let i = 0; i < input.length; i++) {
    const s = Math.max(-1, Math.min(1, input[i]!))
    out[i] = s < 0 ? s * 0x8000 : s * 0x7fff
  }
  return out
}

/**
 * Linear resampling to a rate lamejs takes (a device at 16 or 96 kHz). Speech only, so no
 * filter beyond the interpolation.
 */
export function resample(input: Float32Array, from: number, to: number): Float32Array {
  if (from === to) return input
  const out = new Float32Array(Math.floor((input.length * to) / from))
  const step = from / to
  for (let i = 0; i < out.length; i++) {
    const pos = i * step
    const j = Math.floor(pos)
    const t = pos - j
    out[i] = (input[j] ?? 0) * (1 - t) + (input[j + 1] ?? input[j] ?? 0) * t
  }
  return out
}

/** The rate to encode at: the captured one when lamejs takes it, else 44.1 kHz. */
export const encodeRate = (sampleRate: number) =>
  (MP3_SAMPLE_RATES as readonly number[]).includes(sampleRate) ? sampleRate : 44100

/** Chunks as recorded (any lengths) → one Float32Array. */
export function joinChunks(chunks: Float32Array[]): Float32Array {
  const out = new Float32Array(chunks.reduce((n, c) => n + c.length, 0))
  let at = 0
  for (const c of chunks) {
    out.set(c, at)
    at += c.length
  }
  return out
}

/**
 * Encodes mono PCM to MP3 bytes. `onProgress` is called after each slice (samples done of
 * total); `yieldEvery` lets an async caller breathe (a worker answering a cancel) between slices.
 */
export async function encodeMp3(
  chunks: Float32Array[],
  sampleRate: number,
  opts: { kbps?: number; onProgress?: (p: EncodeProgress) => void; yieldEvery?: () => Promise<void> } = {},
): Promise<Uint8Array> {
  const rate = encodeRate(sampleRate)
  const pcm = resample(joinChunks(chunks), sampleRate, rate)
  const encoder = new Mp3Encoder(1, rate, opts.kbps ?? MP3_KBPS)
  const parts: Uint8Array[] = []
  const buf = new Int16Array(SLICE)
  for (let at = 0; at < pcm.length; at += SLICE) {
    const slice = pcm.subarray(at, Math.min(pcm.length, at + SLICE))
    const ints = toInt16(slice, slice.length === SLICE ? buf : new Int16Array(slice.length))
    const out = encoder.encodeBuffer(ints)
    if (out.length) parts.push(new Uint8Array(out))
    opts.onProgress?.({ done: Math.min(pcm.length, at + SLICE), total: pcm.length })
    if (opts.yieldEvery) await opts.yieldEvery()
  }
  const tail = encoder.flush()
  if (tail.length) parts.push(new Uint8Array(tail))
  opts.onProgress?.({ done: pcm.length, total: pcm.length })
  const size = parts.reduce((n, p) => n + p.length, 0)
  const mp3 = new Uint8Array(size)
  let at = 0
  for (const p of parts) {
    mp3.set(p, at)
    at += p.length
  }
  return mp3
}
