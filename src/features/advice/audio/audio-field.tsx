import { Mic, Pause, RotateCcw, Square, Trash2, Upload } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { AdviceAudio } from '../../../../contract/advice'
import { ApiError } from '../../../api/client'
import { Button } from '../../../ui'
import { useApiErrorMessage, validationFields, translateFieldIssue } from '../../../ui/errors'
import { useOnline } from '../../app/use-online'
import type { AudioTarget } from './audio-api'
import { AudioPlayer } from './audio-player'
import { formatSeconds } from './format'
import { type RecordingPhase, useRecording } from './use-recording'

/**
 * A Grow module's audio in the module drawer: the current recording (play, seek, save for
 * offline) and, for whoever may change it, record, replace or remove. Recording happens right
 * here: level meter, elapsed time, pause/resume, listen back, redo; then MP3 in a worker and the
 * upload, with progress. `onChange(null)` removes the audio from the module.
 */
export function AudioField(props: {
  /** Where the recording is uploaded, and where its draft waits on this device meanwhile. */
  target: AudioTarget
  draftKey: string
  value: AdviceAudio | null
  onChange: (audio: AdviceAudio | null) => void
  label: string
  disabled?: boolean
}) {
  const { t } = useTranslation()
  const rec = useRecording({ target: props.target, draftKey: props.draftKey, onSaved: props.onChange })
  const { phase } = rec
  const busy = phase.name !== 'idle'
  return (
    <fieldset className="space-y-3" data-testid="audio-field">
      <legend className="mb-1 text-sm font-medium text-ink">{props.label}</legend>
      {props.value ? (
        <AudioPlayer audio={props.value} label={props.label} />
      ) : (
        !busy && <p className="text-sm text-ink-soft">{t('grow-audio.none')}</p>
      )}
      {!props.disabled && !busy && (
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => void rec.record(false)}>
            <Mic className="size-4" aria-hidden /> {props.value ? t('grow-audio.replace') : t('grow-audio.record')}
          </Button>
          {props.value && (
            <Button variant="ghost" onClick={() => props.onChange(null)}>
              <Trash2 className="size-4" aria-hidden /> {t('grow-audio.remove')}
            </Button>
          )}
        </div>
      )}
      {/* Work under way stays on screen when the field turns read-only (the drawer goes offline). */}
      {busy && (!props.disabled || !['draft', 'micError', 'starting'].includes(phase.name)) && (
        <Recorder rec={rec} phase={phase} />
      )}
    </fieldset>
  )
}

function Recorder({ rec, phase }: { rec: ReturnType<typeof useRecording>; phase: RecordingPhase }) {
  const { t } = useTranslation()
  const online = useOnline()
  const errorMessage = useApiErrorMessage()
  const panel = 'space-y-3 rounded-xl border border-line bg-stone-25 p-4'
  const discard = (
    <Button variant="ghost" onClick={() => void rec.discard()}>
      <Trash2 className="size-4" aria-hidden /> {t('grow-audio.discard')}
    </Button>
  )
  switch (phase.name) {
    case 'idle':
      return null
    case 'draft':
      return (
        <div className={panel} role="status" data-testid="audio-draft">
          <p className="text-sm text-ink">
            {phase.encoded
              ? t('grow-audio.draftEncoded', { time: formatSeconds(phase.seconds) })
              : t('grow-audio.draftKept', { time: formatSeconds(phase.seconds) })}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => void rec.save()}>
              <Upload className="size-4" aria-hidden /> {t('grow-audio.save')}
            </Button>
            <Button variant="secondary" onClick={() => void rec.record(true)}>
              <Mic className="size-4" aria-hidden /> {t('grow-audio.continue')}
            </Button>
            {discard}
          </div>
        </div>
      )
    case 'starting':
      return (
        <div className={panel} role="status">
          <p className="text-sm text-ink-soft">{t('grow-audio.starting')}</p>
        </div>
      )
    case 'recording':
      return (
        <div className={panel} data-testid="audio-recorder">
          <div className="flex items-center gap-3">
            <span
              className={`size-3 rounded-full ${phase.paused ? 'bg-stone-400' : 'animate-pulse bg-[#a23b35]'}`}
              aria-hidden
            />
            <span className="font-mono text-lg tabular-nums text-ink" data-testid="audio-elapsed">
              {formatSeconds(rec.seconds)}
            </span>
            <span className="text-sm text-ink-soft">
              {phase.paused ? t('grow-audio.paused') : t('grow-audio.recording')}
            </span>
          </div>
          <meter className="sr-only" min={0} max={1} value={rec.level} aria-label={t('grow-audio.level')} />
          <div className="h-2 overflow-hidden rounded-full bg-stone-200" aria-hidden data-testid="audio-level">
            <div
              className="h-full bg-primary-dark transition-[width] duration-100"
              style={{ width: `${rec.level * 100}%` }}
            />
          </div>
          <div className="flex flex-wrap gap-2">
            {phase.paused ? (
              <Button variant="secondary" onClick={rec.resume}>
                <Mic className="size-4" aria-hidden /> {t('grow-audio.resume')}
              </Button>
            ) : (
              <Button variant="secondary" onClick={rec.pause}>
                <Pause className="size-4" aria-hidden /> {t('grow-audio.pause')}
              </Button>
            )}
            <Button onClick={() => void rec.finish()}>
              <Square className="size-4" aria-hidden /> {t('grow-audio.stop')}
            </Button>
            {discard}
          </div>
        </div>
      )
    case 'review':
      return (
        <div className={panel} data-testid="audio-review">
          <p className="text-sm text-ink">{t('grow-audio.review', { time: formatSeconds(rec.seconds) })}</p>
          {/* biome-ignore lint/a11y/useMediaCaption: the user's own recording, listened back before saving */}
          <audio controls src={phase.previewUrl} className="w-full" aria-label={t('grow-audio.preview')} />
          {!online && <p className="text-sm text-ink-soft">{t('grow-audio.offlineHint')}</p>}
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => void rec.save()}>
              <Upload className="size-4" aria-hidden /> {t('grow-audio.save')}
            </Button>
            <Button variant="secondary" onClick={() => void rec.record(true)}>
              <Mic className="size-4" aria-hidden /> {t('grow-audio.continue')}
            </Button>
            <Button variant="secondary" onClick={() => void rec.record(false)}>
              <RotateCcw className="size-4" aria-hidden /> {t('grow-audio.redo')}
            </Button>
            {discard}
          </div>
        </div>
      )
    case 'encoding':
    case 'uploading':
      return (
        <div className={panel} role="status" data-testid="audio-progress">
          <p className="text-sm text-ink">
            {phase.name === 'encoding' ? t('grow-audio.encoding') : t('grow-audio.uploading')}
          </p>
          <progress className="w-full accent-primary-dark" value={Math.round(phase.progress * 100)} max={100} />
        </div>
      )
    case 'waiting':
      return (
        <div className={panel} role="status" data-testid="audio-waiting">
          <p className="text-sm text-ink">{t('grow-audio.waiting')}</p>
          <div className="flex flex-wrap gap-2">
            <Button disabled={!online} onClick={() => void rec.save()}>
              <Upload className="size-4" aria-hidden /> {t('grow-audio.retry')}
            </Button>
            {discard}
          </div>
        </div>
      )
    case 'micError':
      return (
        <div className={panel} role="alert">
          <p className="text-sm text-[#a23b35]">{t(`grow-audio.mic.${phase.error}`)}</p>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => void rec.record(false)}>
              {t('grow-audio.tryAgain')}
            </Button>
            {discard}
          </div>
        </div>
      )
    case 'encodeError':
      return (
        <div className={panel} role="alert">
          <p className="text-sm text-[#a23b35]">{t('grow-audio.encodeError')}</p>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => void rec.save()}>
              {t('grow-audio.tryAgain')}
            </Button>
            {discard}
          </div>
        </div>
      )
    case 'uploadError': {
      const field = phase.error instanceof ApiError ? validationFields(phase.error.details)[0] : undefined
      return (
        <div className={panel} role="alert">
          <p className="text-sm text-[#a23b35]">{field ? translateFieldIssue(t, field) : errorMessage(phase.error)}</p>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => void rec.save()}>
              {t('grow-audio.tryAgain')}
            </Button>
            {discard}
          </div>
        </div>
      )
    }
  }
}
