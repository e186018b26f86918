import path from 'node:path'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import type { BenchRow, Scenario } from '../types'

const MINUTES = 10
const RATE = 48000
const here = path.dirname(fileURLToPath(import.meta.url))

/** Speech-like synthetic PCM: a voiced tone with a slow envelope and a little noise. */
function syntheticSpeech(seconds: number, rate: number): Float32Array {
  const pcm = new Float32Array(seconds * rate)
  let seed = 1
  for (let i = 0; i < pcm.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff
    const t = i / rate
    const envelope = 0.5 + 0.5 * Math.sin(2 * Math.PI * 3 * t)
    pcm[i] =
      0.3 * envelope * (Math.sin(2 * Math.PI * 180 * t) + 0.5 * Math.sin(2 * Math.PI * 360 * t)) +
      0.02 * (seed / 0x7fffffff - 0.5)
  }
  return pcm
}

/**
 * "audio-encode": the MP3 encode of a 10-minute mono recording at 48 kHz (synthetic PCM) with the
 * app's encoder (shared/audio/encode.ts, lamejs, 128 kbit/s), in a worker thread as the app
 * runs it in a Web Worker. Figures: the encode's own seconds (in the worker), and the longest
 * stall of the main thread while it runs — Node's event-loop delay (perf_hooks histogram max,
 * 10 ms resolution) and the longest gap between 16 ms timer ticks, standing in for the page's
 * longest frame. Node, not Chromium: the encoder's speed is V8's either way; the page's own frame
 * during a real recording is not measured here. Runs once (on the PGlite pass); no database.
 */
export const scenario: Scenario = {
  name: 'audio-encode',
  async run(ctx) {
    if (ctx.database !== 'PGlite') return []
    const pcm = syntheticSpeech(MINUTES * 60, RATE)
    const delay = monitorEventLoopDelay({ resolution: 10 })
    let last = performance.now()
    let longestGap = 0
    const tick = setInterval(() => {
      const now = performance.now()
      longestGap = Math.max(longestGap, now - last)
      last = now
    }, 16)
    delay.enable()
    const wall = performance.now()
    const result = await new Promise<{ ms: number; bytes: number }>((resolve, reject) => {
      const w = new Worker(path.join(here, '..', 'audio-encode-worker.mjs'), {
        workerData: { pcm, sampleRate: RATE },
        transferList: [pcm.buffer as ArrayBuffer],
      })
      w.once('message', resolve)
      w.once('error', reject)
    })
    const wallMs = performance.now() - wall
    delay.disable()
    clearInterval(tick)
    return [
      {
        scenario: `MP3 encode of ${MINUTES} min mono ${RATE / 1000} kHz → 128 kbit/s (worker thread, Node)`,
        database: '—',
        'encode s': Number((result.ms / 1000).toFixed(2)),
        'wall s': Number((wallMs / 1000).toFixed(2)),
        'MB out': Number((result.bytes / 1e6).toFixed(1)),
        'x realtime': Math.round((MINUTES * 60_000) / result.ms),
        'main thread max stall ms': Math.round(Math.max(delay.max / 1e6, longestGap - 16)),
      } satisfies BenchRow,
    ]
  },
}
