import { Link, useParams } from '@tanstack/react-router'
import { Settings2 } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { useCan } from '../auth/use-can'

/**
 * "Manage Blueprint": the way from the learners' Blueprint screen to the editor, shown only to
 * employees with manageTrainings (the editor's route refuses the others anyway).
 */
export function ManageBlueprintLink() {
  const { t } = useTranslation()
  const { slug } = useParams({ strict: false })
  const may = useCan('trainings.manage')
  if (!may || !slug) return null
  return (
    <Link
      to="/$slug/admin/blueprint/manage"
      params={{ slug }}
      data-testid="manage-blueprint"
      className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-line bg-white px-4 text-sm font-medium text-ink hover:bg-primary-lighter"
    >
      <Settings2 aria-hidden className="size-4" /> {t('blueprint-editor.manage')}
    </Link>
  )
}
