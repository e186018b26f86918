import * as Comlink from 'comlink'
import { type EncodeProgress, encodeMp3 } from '../../shared/audio/encode'

/**
 * The MP3 encoder off the main thread (src/features/grow-audio): the recording's PCM chunks in,
 * the MP3 bytes out (transferred, not copied). Progress is reported through a Comlink proxy.
 */
const api = {
  async encode(
    chunks: Float32Array[],
    sampleRate: number,
    onProgress?: (p: EncodeProgress) => void,
  ): Promise<Uint8Array> {
    let last = 0
    const mp3 = await encodeMp3(chunks, sampleRate, {
      onProgress: (p) => {
        // At most ~50 progress messages: each one is a round trip to the page.
        const step = Math.floor((p.done / p.total) * 50)
        if (step !== last || p.done === p.total) {
          last = step
          void onProgress?.(p)
        }
      },
    })
    return Comlink.transfer(mp3, [mp3.buffer])
  },
}
export type AudioWorkerApi = typeof api

Comlink.expose(api)
