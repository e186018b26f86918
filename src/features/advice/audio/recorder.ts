/*
 * Microphone capture as raw mono PCM (Float32): getUserMedia → AudioContext → a ScriptProcessor
 * that hands every block to the page (works in every browser a salon tablet runs, iPadOS Safari
 * included, without a separately served worklet file). Pausing keeps the microphone open but
 * drops the blocks; `stop()` ends every track and closes the context — iOS keeps the microphone
 * (and its red indicator) otherwise.
 */

export type Capture = {
  sampleRate: number
  pause(): void
  resume(): void
  readonly paused: boolean
  stop(): Promise<void>
}

export type CaptureError = 'denied' | 'noDevice' | 'unsupported' | 'failed'

export function captureErrorOf(err: unknown): CaptureError {
  const name = (err as { name?: string })?.name
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied'
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'noDevice'
  return 'failed'
}

export async function startCapture(opts: {
  /** A block of samples (copied; the caller may keep it) at the context's rate. */
  onPcm: (pcm: Float32Array, sampleRate: number) => void
  /** The block's loudness, 0…1 (RMS scaled), for the level meter. */
  onLevel: (level: number) => void
}): Promise<Capture> {
  if (!navigator.mediaDevices?.getUserMedia) throw Object.assign(new Error('unsupported'), { name: 'Unsupported' })
  const stream = await navigator.mediaDevices.getUserMedia({
    audio: { channelCount: 1, echoCancellation: true, noiseSuppression: true, autoGainControl: true },
  })
  const Ctx: typeof AudioContext =
    window.AudioContext ?? (window as unknown as { webkitAudioContext: typeof AudioContext }).webkitAudioContext
  let ctx: AudioContext
  try {
    ctx = new Ctx()
  } catch (e) {
    for (const t of stream.getTracks()) t.stop()
    throw e
  }
  const source = ctx.createMediaStreamSource(stream)
  const processor = ctx.createScriptProcessor(4096, 1, 1)
  // Connected to the output (silent: the output buffer stays zero) or Chrome never runs it.
  const mute = ctx.createGain()
  mute.gain.value = 0
  let paused = false
  processor.onaudioprocess = (e) => {
    if (paused) return
    const input = e.inputBuffer.getChannelData(0)
    const pcm = new Float32Array(input)
    let sum = 0
    for (let i = 0; i < pcm.length; i++) sum += pcm[i]! * pcm[i]!
    opts.onLevel(Math.min(1, Math.sqrt(sum / pcm.length) * 4))
    opts.onPcm(pcm, ctx.sampleRate)
  }
  source.connect(processor)
  processor.connect(mute)
  mute.connect(ctx.destination)
  if (ctx.state === 'suspended') await ctx.resume().catch(() => undefined)
  let stopped = false
  return {
    sampleRate: ctx.sampleRate,
    pause() {
      paused = true
      opts.onLevel(0)
    },
    resume() {
      paused = false
    },
    get paused() {
      return paused
    },
    async stop() {
      if (stopped) return
      stopped = true
      processor.onaudioprocess = null
      source.disconnect()
      processor.disconnect()
      mute.disconnect()
      for (const t of stream.getTracks()) t.stop()
      await ctx.close().catch(() => undefined)
    },
  }
}

/** PCM → a 16-bit WAV blob, to listen back before saving (seekable in an <audio> element). */
export function wavOf(chunks: Float32Array[], sampleRate: number): Blob {
  const samples = chunks.reduce((n, c) => n + c.length, 0)
  const buf = new ArrayBuffer(44 + samples * 2)
  const v = new DataView(buf)
  const text = (at: number, s: string) => {
    for (let i = 0; i < s.length; i++) v.setUint8(at + i, s.charCodeAt(i))
  }
  text(0, 'RIFF')
  v.setUint32(4, 36 + samples * 2, true)
  text(8, 'WAVE')
  text(12, 'fmt ')
  v.setUint32(16, 16, true)
  v.setUint16(20, 1, true) // PCM
  v.setUint16(22, 1, true) // mono
  v.setUint32(24, sampleRate, true)
  v.setUint32(28, sampleRate * 2, true)
  v.setUint16(32, 2, true)
  v.setUint16(34, 16, true)
  text(36, 'data')
  v.setUint32(40, samples * 2, true)
  let at = 44
  for (const c of chunks)
    for (let i = 0; i < c.length; i++, at += 2) {
      const s = Math.max(-1, Math.min(1, c[i]!))
      v.setInt16(at, s < 0 ? s * 0x8000 : s * 0x7fff, true)
    }
  return new Blob([buf], { type: 'audio/wav' })
}
