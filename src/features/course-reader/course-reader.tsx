import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { inLanguage, type TrainingCourseFull } from '../../../contract/trainings'
import { EmptyState } from '../../ui'
import { CourseOutlineList } from './course-outline'
import type { CoursePath } from './course-path'
import { ProgressBar } from './progress-bar'
import { type CourseOutline, resumeItem } from './progress'
import { SegmentView } from './segment-view'

/**
 * A course as its learner reads it (issue 24; Blueprint and Academy): the outline beside (above
 * on a phone) the open segment (`segmentId`; none: where they left off), with the progress bar.
 * `aside` adds to the outline's panel (Academy: the buy panel).
 */
export function CourseReader({
  coursePath,
  course,
  outline,
  segmentId,
  lockedNotice,
  aside,
}: {
  coursePath: CoursePath
  course: TrainingCourseFull
  outline: CourseOutline
  segmentId: string | undefined
  lockedNotice?: ReactNode
  aside?: ReactNode
}) {
  const { t, i18n } = useTranslation()
  const open = outline.items.find((i) => i.segment.id === segmentId) ?? resumeItem(outline)
  const title = inLanguage(course.title, course.titleEn, i18n.language)
  return (
    <div className="grid gap-6 lg:grid-cols-[17rem_minmax(0,1fr)] lg:items-start">
      <aside className="flex flex-col gap-4 rounded-2xl border border-line bg-white p-3 lg:sticky lg:top-0">
        <div className="px-2 pt-1">
          <ProgressBar done={outline.done} total={outline.total} label={t('blueprint.progress.label', { title })} />
        </div>
        {aside}
        <CourseOutlineList
          coursePath={coursePath}
          courseId={course.id}
          outline={outline}
          openId={open?.segment.id ?? null}
        />
      </aside>
      <div className="order-first min-w-0 lg:order-none">
        {open ? (
          <SegmentView
            key={open.segment.id}
            coursePath={coursePath}
            courseId={course.id}
            item={open}
            previous={outline.items[open.index - 1] ?? null}
            next={outline.items[open.index + 1] ?? null}
            lockedNotice={lockedNotice}
          />
        ) : (
          <EmptyState title={t('blueprint.course.emptyTitle')} description={t('blueprint.course.emptyText')} />
        )}
      </div>
    </div>
  )
}
