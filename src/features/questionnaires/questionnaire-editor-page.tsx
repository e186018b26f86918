import { Link, useParams } from '@tanstack/react-router'
import { ArrowLeft, FileQuestion } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { EmptyState, Skeleton } from '../../ui'
import { useQuestionnaire } from '../sync/use-questionnaires'
import { QuestionnaireEditor } from './questionnaire-editor'

/** Loads the questionnaire from the replica (null id: a new one) and hands it to the editor. */
export function QuestionnaireEditorPage({ id }: { id: string | null }) {
  const { t } = useTranslation()
  const { slug } = useParams({ from: '/$slug/admin' })
  const row = useQuestionnaire(id)
  if (id && row === undefined)
    return (
      <div className="mx-auto flex w-full max-w-7xl flex-col gap-4" data-testid="questionnaire-loading">
        <Skeleton className="h-10 w-72" />
        <Skeleton className="h-40 w-full" />
        <Skeleton className="h-64 w-full" />
      </div>
    )
  if (id && !row)
    return (
      <div className="mx-auto w-full max-w-3xl">
        <EmptyState
          icon={<FileQuestion aria-hidden className="size-6" />}
          title={t('questionnaires.notFoundTitle')}
          description={t('questionnaires.notFoundDescription')}
          action={
            <Link
              to="/$slug/admin/questionnaires"
              params={{ slug }}
              className="inline-flex min-h-11 items-center gap-2 rounded-lg px-4 text-sm font-medium text-primary-dark hover:bg-primary-light"
            >
              <ArrowLeft aria-hidden className="size-4" /> {t('questionnaires.backToList')}
            </Link>
          }
        />
      </div>
    )
  // Keyed by id: after creating, the editor starts fresh on the saved questionnaire.
  return <QuestionnaireEditor key={id ?? 'new'} questionnaire={row ?? null} slug={slug} />
}
