import { Link, useParams } from '@tanstack/react-router'
import { ClipboardList } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { cx } from '../../ui'

type Props = { questionnaireId: string; children?: ReactNode; className?: string }

/** A link to one questionnaire's submissions (for the questionnaire list and editor). */
export function QuestionnaireSubmissionsLink({ questionnaireId, children, className }: Props) {
  const { t } = useTranslation()
  const { slug } = useParams({ from: '/$slug/admin' })
  return (
    <Link
      to="/$slug/admin/submissions"
      params={{ slug }}
      search={{ questionnaireId }}
      className={cx(
        'inline-flex min-h-11 items-center gap-2 rounded-lg px-3 text-sm font-medium text-primary-dark hover:bg-primary-light',
        className,
      )}
    >
      <ClipboardList aria-hidden className="size-4" />
      {children ?? t('submissions.viewSubmissions')}
    </Link>
  )
}
