import { describe, expect, it } from 'vitest'
import { parseMp3, readFrameHeader } from '../../server/services/uploads/mp3'
import { encodeMp3, encodeRate, resample, toInt16 } from './encode'

/** A 440 Hz tone, `seconds` long, in chunks the size a ScriptProcessor delivers. */
function tone(seconds: number, rate: number, chunk = 4096): Float32Array[] {
  const total = Math.round(seconds * rate)
  const chunks: Float32Array[] = []
  for (let at = 0; at < total; at += chunk) {
    const c = new Float32Array(Math.min(chunk, total - at))
    for (let i = 0; i < c.length; i++) c[i] = 0.5 * Math.sin((2 * Math.PI * 440 * (at + i)) / rate)
    chunks.push(c)
  }
  return chunks
}

describe('MP3 encoder (shared/audio/encode.ts)', () => {
  it('turns mono PCM into layer-III frames at 128 kbit/s with the recording’s length', async () => {
    const progress: number[] = []
    const mp3 = await encodeMp3(tone(3, 44100), 44100, { onProgress: (p) => progress.push(p.done / p.total) })
    const first = readFrameHeader(mp3, 0)
    expect(first).toMatchObject({ sampleRate: 44100, bitrate: 128, channels: 1, samples: 1152 })
    const summary = parseMp3(mp3)
    expect(summary).not.toBeNull()
    // lamejs adds its encoder delay and pads the last frame: within a few frames of 3 s.
    expect(summary!.durationSeconds).toBeGreaterThan(2.95)
    expect(summary!.durationSeconds).toBeLessThan(3.15)
    // The whole file is frames (no junk between them).
    expect(summary!.frames * 417).toBeLessThanOrEqual(mp3.length)
    expect(progress.at(-1)).toBe(1)
    expect(progress.length).toBeGreaterThan(2)
    // About 128 kbit/s: 3 s ≈ 48 KB.
    expect(mp3.length).toBeGreaterThan(40_000)
    expect(mp3.length).toBeLessThan(56_000)
  })

  it('keeps 48 kHz and resamples a rate lamejs does not take to 44.1 kHz', async () => {
    expect(readFrameHeader(await encodeMp3(tone(0.5, 48000), 48000), 0)?.sampleRate).toBe(48000)
    expect(encodeRate(16000)).toBe(44100)
    const mp3 = await encodeMp3(tone(1, 16000), 16000)
    expect(readFrameHeader(mp3, 0)?.sampleRate).toBe(44100)
    expect(parseMp3(mp3)!.durationSeconds).toBeCloseTo(1, 0)
    expect(resample(new Float32Array(16000), 16000, 44100).length).toBe(44100)
  })

  it('clips loud samples instead of wrapping them around', () => {
    expect([...toInt16(new Float32Array([2, -2, 0, 1, -1]))]).toEqual([32767, -32768, 0, 32767, -32768])
  })

  it('an empty recording is an empty (or frame-only) file, never a crash', async () => {
    const mp3 = await encodeMp3([], 44100)
    expect(mp3.length).toBeLessThan(2000)
  })
})

describe('MP3 recognition (server/services/uploads/mp3.ts)', () => {
  it('refuses bytes that only start like a frame', () => {
    const junk = new Uint8Array(2000).fill(0x20)
    junk.set([0xff, 0xfb, 0x90, 0x64], 0)
    expect(parseMp3(junk)).toBeNull()
    expect(parseMp3(new TextEncoder().encode('ID3 hello this is text'))).toBeNull()
  })
})
