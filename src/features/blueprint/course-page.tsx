import { Link, useParams } from '@tanstack/react-router'
import { ChevronLeft, GraduationCap } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { inLanguage } from '../../../contract/trainings'
import { EmptyState, PageHeader, Skeleton } from '../../ui'
import { CertificatePanel } from './certificate-panel'
import { CourseOutlineList } from './course-outline'
import { ProgressBar } from './progress-bar'
import { courseOutline, resumeItem } from './progress'
import { SegmentView } from './segment-view'
import { useBlueprintCourse, useLocksApply } from './use-blueprint'

/**
 * A course (issue 24): its modules and segments in order with this employee's state in each, and
 * the open segment (`?segment=`; none: where they left off). From the replica, offline too.
 */
export function CoursePage({ courseId, segmentId }: { courseId: string; segmentId: string | undefined }) {
  const { t, i18n } = useTranslation()
  const data = useBlueprintCourse(courseId)
  const locks = useLocksApply()
  if (!data)
    return (
      <section className="mx-auto max-w-5xl" aria-busy="true" aria-label={t('blueprint.loading')}>
        <Skeleton className="mb-6 h-10 w-2/3" />
        <Skeleton className="h-64 w-full" />
      </section>
    )
  if (!data.course)
    return (
      <div className="mx-auto max-w-4xl">
        <BackLink />
        <EmptyState
          icon={<GraduationCap aria-hidden className="size-6" />}
          title={t('blueprint.course.notFoundTitle')}
          description={t('blueprint.course.notFoundText')}
        />
      </div>
    )
  const { course } = data
  const outline = courseOutline(course, data.progress, locks)
  const open = outline.items.find((i) => i.segment.id === segmentId) ?? resumeItem(outline)
  const title = inLanguage(course.title, course.titleEn, i18n.language)
  const description = inLanguage(course.description, course.descriptionEn, i18n.language)
  return (
    <div className="mx-auto max-w-5xl">
      <BackLink />
      <PageHeader title={title} description={description || undefined} />
      <div className="grid gap-6 lg:grid-cols-[17rem_minmax(0,1fr)] lg:items-start">
        <aside className="flex flex-col gap-4 rounded-2xl border border-line bg-white p-3 lg:sticky lg:top-0">
          <div className="px-2 pt-1">
            <ProgressBar done={outline.done} total={outline.total} label={t('blueprint.progress.label', { title })} />
          </div>
          {outline.total > 0 && outline.done === outline.total && <CertificatePanel courseId={course.id} />}
          <CourseOutlineList courseId={course.id} outline={outline} openId={open?.segment.id ?? null} />
        </aside>
        <div className="order-first min-w-0 lg:order-none">
          {open ? (
            <SegmentView
              key={open.segment.id}
              courseId={course.id}
              item={open}
              previous={outline.items[open.index - 1] ?? null}
              next={outline.items[open.index + 1] ?? null}
            />
          ) : (
            <EmptyState title={t('blueprint.course.emptyTitle')} description={t('blueprint.course.emptyText')} />
          )}
        </div>
      </div>
    </div>
  )
}

function BackLink() {
  const { t } = useTranslation()
  const { slug } = useParams({ strict: false }) as { slug: string }
  return (
    <Link
      to="/$slug/admin/blueprint"
      params={{ slug }}
      className="mb-2 inline-flex min-h-11 items-center gap-1 rounded-lg pr-2 text-sm font-medium text-primary-dark hover:underline"
    >
      <ChevronLeft aria-hidden className="size-4" />
      {t('blueprint.backToCourses')}
    </Link>
  )
}
