import { useBlocker } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { ConfirmDialog } from '../../ui'
import { useReloadHold } from '../app/reload-holds'

/**
 * Asks before leaving with unsaved changes: inside the app with a dialog, and on reload or
 * closing the tab with the browser's own prompt.
 */
export function UnsavedChangesGuard({ when }: { when: () => boolean }) {
  const { t } = useTranslation()
  const blocker = useBlocker({ shouldBlockFn: when, enableBeforeUnload: when, withResolver: true })
  // Nor does the app reload on its own (a new version after a deploy) over unsaved changes.
  useReloadHold(when)
  return (
    <ConfirmDialog
      open={blocker.status === 'blocked'}
      title={t('questionnaires.unsavedTitle')}
      message={t('questionnaires.unsavedMessage')}
      confirmLabel={t('questionnaires.leave')}
      cancelLabel={t('questionnaires.stay')}
      danger
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    />
  )
}
