import { Link, useParams } from '@tanstack/react-router'
import { CircleCheck, CircleDot, Circle, FileText, Headphones, Lock, PlayCircle, Text } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { inLanguage, type SegmentKind } from '../../../contract/trainings'
import { cx } from '../../ui'
import type { CoursePath } from './course-path'
import type { CourseOutline, OutlineItem, SegmentState } from './progress'

const KIND_ICON: Record<SegmentKind, typeof Text> = { text: Text, audio: Headphones, pdf: FileText, video: PlayCircle }
const STATE_ICON: Record<SegmentState, typeof Circle> = {
  done: CircleCheck,
  started: CircleDot,
  new: Circle,
  locked: Lock,
}

/** The course's modules with their segments in order, each with its kind and state; the open one marked. */
export function CourseOutlineList({
  coursePath,
  courseId,
  outline,
  openId,
}: {
  coursePath: CoursePath
  courseId: string
  outline: CourseOutline
  openId: string | null
}) {
  const { t, i18n } = useTranslation()
  const modules: { id: string; title: string; items: OutlineItem[] }[] = []
  for (const item of outline.items) {
    const last = modules.at(-1)
    if (last?.id === item.module.id) last.items.push(item)
    else
      modules.push({
        id: item.module.id,
        title: inLanguage(item.module.title, item.module.titleEn, i18n.language),
        items: [item],
      })
  }
  return (
    <nav aria-label={t('blueprint.course.outline')} className="flex flex-col gap-4" data-testid="course-outline">
      {modules.map((m) => (
        <section key={m.id} aria-label={m.title} className="flex flex-col gap-1">
          <h2 className="px-2 text-xs font-semibold tracking-wide text-muted uppercase">{m.title}</h2>
          <ol className="flex flex-col gap-0.5">
            {m.items.map((item) => (
              <li key={item.segment.id}>
                <OutlineLink
                  coursePath={coursePath}
                  courseId={courseId}
                  item={item}
                  open={item.segment.id === openId}
                />
              </li>
            ))}
          </ol>
        </section>
      ))}
    </nav>
  )
}

function OutlineLink({
  coursePath,
  courseId,
  item,
  open,
}: {
  coursePath: CoursePath
  courseId: string
  item: OutlineItem
  open: boolean
}) {
  const { t, i18n } = useTranslation()
  const { slug } = useParams({ strict: false }) as { slug: string }
  const KindIcon = KIND_ICON[item.segment.kind]
  const StateIcon = STATE_ICON[item.state]
  const title = inLanguage(item.segment.title, item.segment.titleEn, i18n.language)
  return (
    <Link
      to={coursePath}
      params={{ slug, courseId }}
      search={{ segment: item.segment.id }}
      replace
      aria-current={open ? 'step' : undefined}
      data-testid="outline-segment"
      data-state={item.state}
      className={cx(
        'flex min-h-11 items-center gap-2.5 rounded-lg px-2 py-1.5 text-sm',
        open ? 'bg-primary-light font-medium text-ink' : 'text-ink hover:bg-primary-lighter',
        item.state === 'locked' && 'text-muted',
      )}
    >
      <KindIcon aria-hidden className="size-4 shrink-0 text-muted" />
      <span className="min-w-0 flex-1 break-words">{title}</span>
      <StateIcon
        aria-hidden
        className={cx('size-5 shrink-0', item.state === 'done' ? 'fill-primary-dark text-white' : 'text-muted')}
      />
      <span className="sr-only">{t(`blueprint.state.${item.state}`)}</span>
    </Link>
  )
}
