import { Link, useParams } from '@tanstack/react-router'
import { ChevronRight, EyeOff } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { LocalQuestionnaire } from '../../local-db/types'
import { Badge, Skeleton, Truncated } from '../../ui'

/** Provider-managed questionnaires were copied in at sign-up; custom ones are the organisation's own. */
export function OriginBadge({ q }: { q: Pick<LocalQuestionnaire, 'managedByProvider'> }) {
  const { t } = useTranslation()
  return q.managedByProvider ? (
    <Badge tone="primary">{t('questionnaires.provider')}</Badge>
  ) : (
    <Badge tone="neutral">{t('questionnaires.custom')}</Badge>
  )
}

export function HiddenBadge() {
  const { t } = useTranslation()
  return (
    <Badge tone="warning">
      <EyeOff aria-hidden className="size-3" /> {t('questionnaires.hidden')}
    </Badge>
  )
}

/** Rows as large touch targets: a table-like grid from tablet width, stacked on a phone. */
export function QuestionnaireList({ items }: { items: LocalQuestionnaire[] }) {
  const { t } = useTranslation()
  const { slug } = useParams({ from: '/$slug/admin' })
  return (
    <div className="overflow-hidden rounded-2xl border border-line bg-white">
      <div className="hidden grid-cols-[2fr_1.3fr_1fr_24px] gap-4 border-b border-line bg-stone-25 px-5 py-3 text-xs font-semibold tracking-wider text-muted uppercase md:grid">
        <span>{t('questionnaires.columns.name')}</span>
        <span>{t('questionnaires.columns.kind')}</span>
        <span>{t('questionnaires.columns.questions')}</span>
        <span />
      </div>
      <ul className="divide-y divide-line">
        {items.map((q) => (
          <li key={q.id}>
            <Link
              to="/$slug/admin/questionnaires/$questionnaireId"
              params={{ slug, questionnaireId: q.id }}
              data-testid="questionnaire-row"
              className="grid min-h-16 w-full grid-cols-[1fr_24px] items-center gap-x-4 gap-y-1 px-5 py-3 text-left transition hover:bg-primary-lighter focus-visible:bg-primary-lighter focus-visible:outline-none md:grid-cols-[2fr_1.3fr_1fr_24px]"
            >
              <span className="flex min-w-0 flex-col gap-1">
                <Truncated className="font-medium text-ink" text={q.name} />
                <span className="flex flex-wrap gap-1.5">
                  <OriginBadge q={q} />
                  {q.hidden && <HiddenBadge />}
                </span>
              </span>
              <span className="col-start-1 text-sm text-muted md:col-start-auto">
                {t(`questionnaires.kinds.${q.kind}`)}
                <span className="md:hidden"> · {t('questionnaires.questionsCount', { count: q.questionsCount })}</span>
              </span>
              <span className="hidden text-sm text-muted md:block">
                {t('questionnaires.questionsCount', { count: q.questionsCount })}
              </span>
              <ChevronRight
                aria-hidden
                className="col-start-2 row-span-2 row-start-1 size-5 text-muted md:col-start-auto md:row-span-1"
              />
            </Link>
          </li>
        ))}
      </ul>
    </div>
  )
}

export function QuestionnaireListSkeleton() {
  return (
    <div
      className="flex flex-col gap-3 rounded-2xl border border-line bg-white p-5"
      data-testid="questionnaires-loading"
    >
      {Array.from({ length: 5 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <Skeleton key={i} className="h-10 w-full" />
      ))}
    </div>
  )
}
