import type { AdviceAudio } from '../../../contract/advice'

/**
 * Plays a Grow module's audio. `crossOrigin` so the service worker's cached copy (range
 * requests: seeking works offline) is used when storage lives on another origin (S3).
 */
export function AudioPlayer({ audio, label }: { audio: AdviceAudio; label: string }) {
  return (
    // biome-ignore lint/a11y/useMediaCaption: spoken advice recorded by the salon has no caption track
    <audio
      controls
      preload="metadata"
      crossOrigin="use-credentials"
      src={audio.url}
      aria-label={label}
      className="w-full"
    />
  )
}
