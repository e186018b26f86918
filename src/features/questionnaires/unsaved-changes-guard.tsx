import { useTranslation } from 'react-i18next'
import { UnsavedChangesGuard as Guard } from '../../ui'

/** The shared guard (src/ui/unsaved-guard.tsx) with the editor's own words for leaving it. */
export function UnsavedChangesGuard({ when }: { when: () => boolean }) {
  const { t } = useTranslation()
  return (
    <Guard
      when={when}
      texts={{
        title: t('questionnaires.unsavedTitle'),
        message: t('questionnaires.unsavedMessage'),
        confirmLabel: t('questionnaires.leave'),
        cancelLabel: t('questionnaires.stay'),
      }}
    />
  )
}
