import { CloudDownload, CloudOff, Check } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { AdviceAudio } from '../../../../contract/advice'
import { Button } from '../../../ui/button'
import { formatSeconds } from './format'
import { useOfflineAudio } from './offline-audio'

/**
 * Plays a Grow module's audio with seeking; "save for offline" keeps the whole file on the device
 * (the service worker's audio cache, which also serves the seeks offline), and says when it is.
 * `crossOrigin` so the cached copy is used when storage lives on another origin (S3).
 */
export function AudioPlayer({ audio, label }: { audio: AdviceAudio; label: string }) {
  const { t } = useTranslation()
  const offline = useOfflineAudio(audio.url)
  const later = () => window.setTimeout(() => void offline.refresh(), 1500)
  return (
    <div className="space-y-2" data-testid="audio-player">
      {/* biome-ignore lint/a11y/useMediaCaption: spoken advice recorded by the salon has no caption track */}
      <audio
        controls
        preload="metadata"
        crossOrigin="use-credentials"
        src={audio.url}
        aria-label={label}
        className="w-full"
        onPlaying={later}
        onEnded={later}
      />
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-ink-soft">
        <span>
          {audio.durationSeconds !== null && t('grow-audio.duration', { time: formatSeconds(audio.durationSeconds) })}
        </span>
        {offline.supported &&
          (offline.state === 'offline' ? (
            <span className="inline-flex items-center gap-1 text-primary-dark" data-testid="audio-offline">
              <Check className="size-4" aria-hidden /> {t('grow-audio.availableOffline')}
            </span>
          ) : offline.state === 'unknown' ? null : (
            <span className="inline-flex items-center gap-2">
              {offline.state === 'failed' && (
                <span className="inline-flex items-center gap-1 text-[#a23b35]" role="alert">
                  <CloudOff className="size-4" aria-hidden /> {t('grow-audio.saveOfflineFailed')}
                </span>
              )}
              <Button variant="ghost" loading={offline.state === 'saving'} onClick={() => void offline.save()}>
                <CloudDownload className="size-4" aria-hidden /> {t('grow-audio.saveOffline')}
              </Button>
            </span>
          ))}
      </div>
    </div>
  )
}
