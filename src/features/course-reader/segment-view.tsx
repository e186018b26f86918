import { Link, useParams } from '@tanstack/react-router'
import { Check, ChevronLeft, ChevronRight, CloudOff, Lock } from 'lucide-react'
import { type ReactNode, useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { inLanguage } from '../../../contract/trainings'
import { Badge, Button, cx } from '../../ui'
import { useOnline } from '../app/use-online'
import type { CoursePath } from './course-path'
import type { OutlineItem } from './progress'
import { SegmentPdfView, SegmentText, SegmentVideo } from './segment-content'
import { TrainingAudio } from './training-audio'
import { useRecordProgress } from './use-record-progress'

type Props = {
  coursePath: CoursePath
  courseId: string
  item: OutlineItem
  previous: OutlineItem | null
  next: OutlineItem | null
  /** What a locked segment says (default: complete the previous one first, the "in order" lock). */
  lockedNotice?: ReactNode
}

/**
 * One segment of a course: its content by kind, "Mark as done" (text, PDF, video; audio completes
 * when played to the end), and previous/next. A locked segment says why; one whose content has
 * not reached the device yet says it needs the connection.
 */
export function SegmentView({ coursePath, courseId, item, previous, next, lockedNotice }: Props) {
  const { t, i18n } = useTranslation()
  const record = useRecordProgress()
  const { segment } = item
  const title = inLanguage(segment.title, segment.titleEn, i18n.language)
  const readable = item.state !== 'locked' && !item.awaitingContent
  const step = (s: { completed?: boolean; positionSeconds?: number }) =>
    record({ courseId, segmentId: segment.id, ...s })

  // Opening a segment starts it (once): the course list then offers "Continue" here.
  const unstarted = readable && !item.progress?.startedAt
  useEffect(() => {
    if (unstarted) void record({ courseId, segmentId: segment.id })
  }, [unstarted, courseId, segment.id, record])

  return (
    <article className="flex min-w-0 flex-col gap-4" data-testid="segment-view" aria-labelledby="segment-title">
      <header className="flex flex-col gap-1">
        <p className="text-sm text-muted">{inLanguage(item.module.title, item.module.titleEn, i18n.language)}</p>
        <div className="flex flex-wrap items-center gap-3">
          <h2 id="segment-title" className="min-w-0 flex-1 font-display text-2xl text-ink">
            {title}
          </h2>
          {item.state === 'done' && (
            <Badge tone="success">
              <Check aria-hidden className="size-3.5" /> {t('blueprint.state.done')}
            </Badge>
          )}
        </div>
      </header>

      {item.state === 'locked' ? (
        (lockedNotice ?? (
          <Notice icon={<Lock aria-hidden className="size-4 shrink-0" />} testId="segment-locked">
            {t('blueprint.segment.locked')}
          </Notice>
        ))
      ) : item.awaitingContent ? (
        <AwaitingContent />
      ) : (
        <>
          {segment.kind === 'text' && <SegmentText html={inLanguage(segment.text, segment.textEn, i18n.language)} />}
          {segment.kind === 'audio' && segment.audio && (
            <TrainingAudio
              key={segment.id}
              audio={segment.audio}
              label={t('blueprint.audio.label', { title })}
              saved={item.progress}
              onStep={(s) => void step(s)}
            />
          )}
          {segment.kind === 'pdf' && segment.pdf && <SegmentPdfView pdf={segment.pdf} title={title} />}
          {segment.kind === 'video' && segment.videoUrl && <SegmentVideo url={segment.videoUrl} title={title} />}
        </>
      )}

      {/* Tablet: previous on the left, "Mark as done" and next on the right; phone: "Mark as done" on a row of its own above. */}
      <footer className="flex flex-wrap items-center gap-3 border-t border-line pt-4">
        <StepLink coursePath={coursePath} courseId={courseId} item={previous} direction="previous" />
        <span aria-hidden className="flex-1" />
        {readable && segment.kind !== 'audio' && item.state !== 'done' && (
          <Button onClick={() => void step({ completed: true })} className="order-first w-full sm:order-none sm:w-auto">
            <Check aria-hidden className="size-4" />
            {t('blueprint.segment.markDone')}
          </Button>
        )}
        <StepLink
          coursePath={coursePath}
          courseId={courseId}
          item={next}
          direction="next"
          primary={item.state === 'done'}
        />
      </footer>
    </article>
  )
}

/** A plain notice in place of a segment's content (locked, not on this device yet). */
export function Notice({ icon, children, testId }: { icon: ReactNode; children: ReactNode; testId: string }) {
  return (
    <p
      role="status"
      data-testid={testId}
      className="flex items-center gap-2 rounded-lg bg-canvas px-3 py-3 text-sm text-ink"
    >
      {icon}
      {children}
    </p>
  )
}

function AwaitingContent() {
  const { t } = useTranslation()
  const online = useOnline()
  return (
    <Notice icon={<CloudOff aria-hidden className="size-4 shrink-0" />} testId="segment-awaiting">
      {online ? t('blueprint.segment.arriving') : t('blueprint.segment.needsConnection')}
    </Notice>
  )
}

function StepLink({
  coursePath,
  courseId,
  item,
  direction,
  primary = false,
}: {
  coursePath: CoursePath
  courseId: string
  item: OutlineItem | null
  direction: 'previous' | 'next'
  primary?: boolean
}) {
  const { t } = useTranslation()
  const { slug } = useParams({ strict: false }) as { slug: string }
  if (!item) return null
  const isNext = direction === 'next'
  return (
    <Link
      to={coursePath}
      params={{ slug, courseId }}
      search={{ segment: item.segment.id }}
      replace
      className={cx(
        'inline-flex min-h-11 items-center justify-center gap-1.5 rounded-lg px-4 text-sm font-medium',
        primary
          ? 'bg-primary-dark text-white shadow-sm hover:brightness-110'
          : 'border border-line bg-white text-ink hover:border-primary hover:bg-primary-lighter',
      )}
    >
      {!isNext && <ChevronLeft aria-hidden className="size-4" />}
      {isNext ? t('blueprint.segment.next') : t('blueprint.segment.previous')}
      {isNext && <ChevronRight aria-hidden className="size-4" />}
    </Link>
  )
}
