import { Link, useParams } from '@tanstack/react-router'
import { ChevronLeft, GraduationCap } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { inLanguage } from '../../../contract/trainings'
import { EmptyState, PageHeader, Skeleton } from '../../ui'
import { BLUEPRINT_COURSE_PATH } from '../course-reader/course-path'
import { CourseReader } from '../course-reader/course-reader'
import { courseOutline } from '../course-reader/progress'
import { CertificatePanel } from './certificate-panel'
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
  const title = inLanguage(course.title, course.titleEn, i18n.language)
  const description = inLanguage(course.description, course.descriptionEn, i18n.language)
  return (
    <div className="mx-auto max-w-5xl">
      <BackLink />
      <PageHeader title={title} description={description || undefined} />
      <CourseReader
        coursePath={BLUEPRINT_COURSE_PATH}
        course={course}
        outline={outline}
        segmentId={segmentId}
        aside={outline.total > 0 && outline.done === outline.total && <CertificatePanel courseId={course.id} />}
      />
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
