import type { EncodeProgress } from './encode'

/** What the audio worker (src-worker/audio/worker.ts) offers the recorder over comlink. */
export type AudioWorkerApi = {
  encode(chunks: Float32Array[], sampleRate: number, onProgress?: (p: EncodeProgress) => void): Promise<Uint8Array>
}
