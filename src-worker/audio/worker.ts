import * as Comlink from 'comlink'
import { encodeMp3 } from '../../shared/audio/encode'
import type { AudioWorkerApi } from '../../shared/audio/worker-api'

/**
 * The MP3 encoder off the main thread (src/features/advice/audio): the recording's PCM chunks in,
 * the MP3 bytes out (transferred, not copied). Progress is reported through a Comlink proxy.
 */
const api: AudioWorkerApi = {
  async encode(chunks, sampleRate, onProgress) {
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

Comlink.expose(api)
