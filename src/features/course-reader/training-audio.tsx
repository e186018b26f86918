import { Check } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { AdviceAudio } from '../../../contract/advice'
import { formatSeconds } from '../advice/audio/format'
import { useOfflineAudio } from '../advice/audio/offline-audio'
import { resumeSeconds, shouldSavePosition } from './progress'
import type { ProgressStep } from '../../local-db/training-progress'

type Saved = { positionSeconds: number; completedAt: string | null; startedAt: string | null; segmentId: string }

/**
 * A segment's audio (issue 24): starts where the employee left off (to the second, from any of
 * their devices), saves the position while it plays (every 5 s, and on pause and on leaving) and
 * completes the segment at the end. The file comes through the service worker's audio cache (as
 * Grow audio): once opened it plays and seeks offline.
 */
export function TrainingAudio({
  audio,
  label,
  saved,
  onStep,
}: {
  audio: AdviceAudio
  label: string
  saved: Saved | undefined
  onStep: (step: Omit<ProgressStep, 'courseId' | 'segmentId'>) => void
}) {
  const { t } = useTranslation()
  const ref = useRef<HTMLAudioElement>(null)
  // Where it starts is decided once: the saved position moves while it plays.
  const [startAt] = useState(() => resumeSeconds(saved, audio.durationSeconds))
  const lastSaved = useRef(startAt)
  // "Continues at" speaks of where it starts: once playing, the player shows the time itself.
  const [playing, setPlaying] = useState(false)
  const offline = useOfflineAudio(audio.url)
  const step = useRef(onStep)
  step.current = onStep

  const savePosition = (seconds: number, force = false) => {
    const at = Math.floor(seconds)
    if (force ? at > lastSaved.current : shouldSavePosition(at, lastSaved.current)) {
      lastSaved.current = at
      step.current({ positionSeconds: at })
    }
  }

  // Leaving the segment (another segment, another screen, the tab hidden) keeps the position.
  // biome-ignore lint/correctness/useExhaustiveDependencies: savePosition reads refs only; once per mount
  useEffect(() => {
    const el = ref.current
    const onHide = () => {
      if (document.visibilityState === 'hidden' && el) savePosition(el.currentTime, true)
    }
    document.addEventListener('visibilitychange', onHide)
    return () => {
      document.removeEventListener('visibilitychange', onHide)
      if (el) savePosition(el.currentTime, true)
    }
  }, [])

  return (
    <div className="flex flex-col gap-2 rounded-xl border border-line bg-white px-4 py-4" data-testid="training-audio">
      {/* biome-ignore lint/a11y/useMediaCaption: spoken training recorded by the salon has no caption track */}
      <audio
        ref={ref}
        controls
        preload="metadata"
        crossOrigin="use-credentials"
        src={audio.url}
        aria-label={label}
        className="w-full"
        data-start={startAt}
        onLoadedMetadata={(e) => {
          if (startAt > 0 && e.currentTarget.currentTime < startAt) e.currentTarget.currentTime = startAt
        }}
        onTimeUpdate={(e) => savePosition(e.currentTarget.currentTime)}
        onPause={(e) => {
          savePosition(e.currentTarget.currentTime, true)
          void offline.refresh()
        }}
        onEnded={(e) => {
          lastSaved.current = Math.floor(e.currentTarget.duration || e.currentTarget.currentTime)
          step.current({ positionSeconds: lastSaved.current, completed: true })
          void offline.refresh()
        }}
        onPlaying={() => {
          setPlaying(true)
          window.setTimeout(() => void offline.refresh(), 1500)
        }}
      />
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-muted">
        <span data-testid="audio-resume">
          {startAt > 0 && !playing
            ? t('blueprint.audio.resumesAt', { time: formatSeconds(startAt) })
            : audio.durationSeconds !== null
              ? t('blueprint.audio.duration', { time: formatSeconds(audio.durationSeconds) })
              : null}
        </span>
        {offline.state === 'offline' && (
          <span className="inline-flex items-center gap-1 text-primary-dark" data-testid="audio-available-offline">
            <Check className="size-4" aria-hidden /> {t('blueprint.audio.availableOffline')}
          </span>
        )}
      </div>
    </div>
  )
}
