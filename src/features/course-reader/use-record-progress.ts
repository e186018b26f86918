import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { type ProgressStep, recordProgress } from '../../local-db/training-progress'
import { notify } from '../../ui'
import { useReplica } from '../sync/replica-context'

/**
 * Records a step of this employee's progress on the device (shown at once, sent by the sync
 * worker). A write that fails (the device out of room) says so; nothing else is lost.
 */
export function useRecordProgress(): (step: ProgressStep) => Promise<void> {
  const replica = useReplica()
  const { t } = useTranslation()
  return useCallback(
    async (step: ProgressStep) => {
      if (!replica) return
      try {
        await recordProgress(replica.db, replica.employeeId, step)
      } catch {
        notify({ type: 'error', message: t('blueprint.saveFailed') })
      }
    },
    [replica, t],
  )
}
