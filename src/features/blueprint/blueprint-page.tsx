import { Link, useParams } from '@tanstack/react-router'
import { GraduationCap } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { inLanguage } from '../../../contract/trainings'
import type { LocalTrainingCourse } from '../../local-db/types'
import { EmptyState, ListSkeleton, PageHeader } from '../../ui'
import { useCan } from '../auth/use-can'
import { ManageBlueprintLink } from '../blueprint-editor/manage-blueprint-link'
import { BLUEPRINT_COURSE_PATH } from '../course-reader/course-path'
import { ProgressBar } from '../course-reader/progress-bar'
import { type CourseOutline, courseOutline, resumeItem } from '../course-reader/progress'
import { type BlueprintData, useBlueprint, useLocksApply } from './use-blueprint'

/**
 * Blueprint (issue 24): the organisation's trainings shown to this employee, each with how far they
 * are and "Continue" to where they left off. From the replica, so it works offline too.
 */
export function BlueprintPage() {
  const { t } = useTranslation()
  const data = useBlueprint()
  const canWrite = useCan('trainings.manage')
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader
        title={t('blueprint.title')}
        description={t('blueprint.description')}
        actions={<ManageBlueprintLink />}
      />
      {!data ? (
        <ListSkeleton label={t('blueprint.loading')} />
      ) : data.courses.length === 0 ? (
        <EmptyState
          icon={<GraduationCap aria-hidden className="size-6" />}
          title={t('blueprint.emptyTitle')}
          invite={{
            allowed: canWrite,
            description: t('blueprint.emptyWriter'),
            action: <ManageBlueprintLink />,
            readOnly: t('blueprint.emptyText'),
          }}
        />
      ) : (
        <CourseList data={data} />
      )}
    </div>
  )
}

function CourseList({ data }: { data: BlueprintData }) {
  const locks = useLocksApply()
  return (
    <ul className="flex flex-col gap-4" data-testid="blueprint-courses">
      {data.courses.map((c) => (
        <CourseCard key={c.id} course={c} outline={courseOutline(c, data.progress, locks)} />
      ))}
    </ul>
  )
}

function CourseCard({ course, outline }: { course: LocalTrainingCourse; outline: CourseOutline }) {
  const { t, i18n } = useTranslation()
  const { slug } = useParams({ strict: false }) as { slug: string }
  const title = inLanguage(course.title, course.titleEn, i18n.language)
  const description = inLanguage(course.description, course.descriptionEn, i18n.language)
  const resume = resumeItem(outline)
  const action =
    outline.done === 0 && !outline.items.some((i) => i.state === 'started')
      ? t('blueprint.start')
      : outline.done === outline.total
        ? t('blueprint.review')
        : t('blueprint.continue')
  return (
    <li
      className="flex flex-col gap-3 rounded-2xl border border-line bg-white px-5 py-4 sm:flex-row sm:items-center sm:gap-6"
      data-testid="blueprint-course"
    >
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <h2 className="font-display text-lg text-ink">{title}</h2>
        {description && <p className="line-clamp-3 text-sm text-muted">{description}</p>}
        <ProgressBar done={outline.done} total={outline.total} label={t('blueprint.progress.label', { title })} />
      </div>
      <Link
        to={BLUEPRINT_COURSE_PATH}
        params={{ slug, courseId: course.id }}
        search={{ segment: resume?.segment.id }}
        aria-label={`${action}: ${title}`}
        className="inline-flex min-h-11 shrink-0 items-center justify-center rounded-lg bg-primary-dark px-5 text-sm font-medium text-white shadow-sm hover:brightness-110"
      >
        {action}
      </Link>
    </li>
  )
}
