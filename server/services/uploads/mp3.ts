/**
 * MPEG audio (layer III) frame headers: how the server recognises an MP3 by its own bytes and
 * estimates its length, and how the encoder's tests check what it made. No dependencies, so the
 * browser bundle may use it as well.
 */

const BITRATES_V1 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320]
const BITRATES_V2 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160]
const SAMPLE_RATES: Record<number, number[]> = {
  3: [44100, 48000, 32000], // MPEG-1
  2: [22050, 24000, 16000], // MPEG-2
  0: [11025, 12000, 8000], // MPEG-2.5
}

export type Mp3Frame = {
  /** Bytes of the whole frame, header included. */
  length: number
  sampleRate: number
  /** kbit/s */
  bitrate: number
  samples: number
  channels: 1 | 2
}

/** The layer-III frame header at `at`, or null when the four bytes there are not one. */
export function readFrameHeader(b: Uint8Array, at: number): Mp3Frame | null {
  if (at + 4 > b.length) return null
  const b1 = b[at + 1]!
  const b2 = b[at + 2]!
  if (b[at] !== 0xff || (b1 & 0xe0) !== 0xe0) return null
  const version = (b1 >> 3) & 0x03
  const layer = (b1 >> 1) & 0x03
  if (version === 1 || layer !== 1) return null // reserved version; layer III only
  const bitrateIndex = b2 >> 4
  const rateIndex = (b2 >> 2) & 0x03
  if (bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) return null // free / bad / reserved
  const v1 = version === 3
  const bitrate = (v1 ? BITRATES_V1 : BITRATES_V2)[bitrateIndex]!
  const sampleRate = SAMPLE_RATES[version]![rateIndex]!
  const padding = (b2 >> 1) & 0x01
  const length = Math.floor(((v1 ? 144 : 72) * bitrate * 1000) / sampleRate) + padding
  const channels = b[at + 3]! >> 6 === 3 ? 1 : 2
  return { length, sampleRate, bitrate, samples: v1 ? 1152 : 576, channels }
}

/** Bytes taken by a leading ID3v2 tag (0 without one). */
export function id3v2Length(b: Uint8Array): number {
  if (b.length < 10 || b[0] !== 0x49 || b[1] !== 0x44 || b[2] !== 0x33) return 0 // "ID3"
  if (b[3] === 0xff || b[4] === 0xff) return 0
  const sizeBytes = [b[6]!, b[7]!, b[8]!, b[9]!]
  if (sizeBytes.some((x) => x & 0x80)) return 0 // not syncsafe: not a tag
  const size = sizeBytes.reduce((n, x) => (n << 7) | x, 0)
  const footer = b[5]! & 0x10 ? 10 : 0
  return 10 + size + footer
}

/** How far past the tag the first frame may start (encoders pad; junk beyond this is not an MP3). */
const SEARCH_WINDOW = 64 * 1024

export type Mp3Summary = { frames: number; durationSeconds: number; sampleRate: number; firstFrameAt: number }

/**
 * Recognises an MP3: an optional ID3v2 tag, then layer-III frames that follow each other (two in
 * a row, or one that fills the file). Counts the frames of the first unbroken run for the
 * duration. Null when it is not an MP3.
 */
export function parseMp3(b: Uint8Array): Mp3Summary | null {
  const tag = id3v2Length(b)
  const limit = Math.min(b.length, tag + SEARCH_WINDOW)
  for (let at = tag; at < limit; at++) {
    if (b[at] !== 0xff) continue
    const first = readFrameHeader(b, at)
    if (!first) continue
    const next = at + first.length
    const second = readFrameHeader(b, next)
    if (!second && next !== b.length) continue
    let frames = 0
    let seconds = 0
    let pos = at
    for (let f: Mp3Frame | null = first; f; f = readFrameHeader(b, pos)) {
      if (pos + f.length > b.length) break
      frames++
      seconds += f.samples / f.sampleRate
      pos += f.length
    }
    if (frames === 0) continue
    return { frames, durationSeconds: seconds, sampleRate: first.sampleRate, firstFrameAt: at }
  }
  return null
}
