import { Check } from 'lucide-react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { inLanguage, type TrainingCourseFull, type TrainingSegment } from '../../../contract/trainings'
import { useOfflineAudio } from '../advice/audio/offline-audio'
import { SegmentPdfView, SegmentText, SegmentVideo } from '../course-reader/segment-content'

/** One manual, whole: its modules and their pages in order; `focus` (a segment id) is scrolled to. */
export function ManualCourse({ course, focus }: { course: TrainingCourseFull; focus?: string }) {
  const { i18n } = useTranslation()
  const lang = i18n.language
  useEffect(() => {
    if (focus) document.getElementById(`manual-${focus}`)?.scrollIntoView({ block: 'start' })
  }, [focus])
  return (
    <article className="flex flex-col gap-6" data-testid="manual-course">
      <header className="flex flex-col gap-1">
        <h2 className="font-display text-2xl text-ink">{inLanguage(course.title, course.titleEn, lang)}</h2>
        {course.description && (
          <p className="text-sm text-muted">{inLanguage(course.description, course.descriptionEn, lang)}</p>
        )}
      </header>
      {course.modules.map((m) => (
        <section key={m.id} aria-labelledby={`manual-module-${m.id}`} className="flex flex-col gap-4">
          <h3 id={`manual-module-${m.id}`} className="text-xs font-semibold tracking-wide text-muted uppercase">
            {inLanguage(m.title, m.titleEn, lang)}
          </h3>
          {m.segments.map((s) => (
            <ManualPage key={s.id} segment={s} lang={lang} focused={s.id === focus} />
          ))}
        </section>
      ))}
    </article>
  )
}

function ManualPage({ segment: s, lang, focused }: { segment: TrainingSegment; lang: string; focused: boolean }) {
  const { t } = useTranslation()
  const title = inLanguage(s.title, s.titleEn, lang)
  return (
    <section
      id={`manual-${s.id}`}
      aria-labelledby={`manual-title-${s.id}`}
      data-testid="manual-page"
      data-focused={focused || undefined}
      className={`flex scroll-mt-4 flex-col gap-3 rounded-xl ${focused ? 'ring-2 ring-primary ring-offset-4 ring-offset-canvas' : ''}`}
    >
      <h4 id={`manual-title-${s.id}`} className="font-display text-lg text-ink">
        {title}
      </h4>
      {s.kind === 'text' && <SegmentText html={inLanguage(s.text, s.textEn, lang)} />}
      {s.kind === 'audio' && s.audio && <ManualAudio url={s.audio.url} label={t('user-manual.audio', { title })} />}
      {s.kind === 'pdf' && s.pdf && <SegmentPdfView pdf={s.pdf} title={title} />}
      {s.kind === 'video' && s.videoUrl && <SegmentVideo url={s.videoUrl} title={title} />}
    </section>
  )
}

/**
 * A page's spoken explanation through the service worker's audio cache (as Blueprint's): played
 * once, it plays and seeks offline, and says so.
 */
function ManualAudio({ url, label }: { url: string; label: string }) {
  const { t } = useTranslation()
  const offline = useOfflineAudio(url)
  return (
    <div className="flex flex-col gap-2">
      {/* biome-ignore lint/a11y/useMediaCaption: spoken explanation; its text is the page's title */}
      <audio
        controls
        preload="metadata"
        crossOrigin="use-credentials"
        src={url}
        aria-label={label}
        className="w-full"
        onPlaying={() => window.setTimeout(() => void offline.refresh(), 1500)}
        onPause={() => void offline.refresh()}
      />
      {offline.state === 'offline' && (
        <span className="inline-flex items-center gap-1 text-sm text-primary-dark" data-testid="manual-audio-offline">
          <Check className="size-4" aria-hidden /> {t('user-manual.availableOffline')}
        </span>
      )}
    </div>
  )
}
