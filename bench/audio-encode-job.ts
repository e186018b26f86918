import { parentPort, workerData } from 'node:worker_threads'
import { encodeMp3 } from '../shared/audio/encode'

/** bench/scenarios/audio-encode.ts's job in its worker thread: the app's encoder on the PCM it is handed. */
export async function run() {
  const { pcm, sampleRate } = workerData as { pcm: Float32Array; sampleRate: number }
  const started = performance.now()
  const mp3 = await encodeMp3([pcm], sampleRate)
  parentPort!.postMessage({ ms: performance.now() - started, bytes: mp3.length })
}
