import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { AdminSubscriptionOption } from '../../../../contract/global-billing'
import { API } from '../../../api/client'
import { useApiMutation } from '../../../api/query'
import { Button, ConfirmDialog, notify, useApiErrorMessage } from '../../../ui'

/**
 * Stops or resumes selling a plan. Deactivating asks first: organisations can no longer choose
 * it, while those on it keep renewing.
 */
export function PlanActiveButton({ plan }: { plan: AdminSubscriptionOption }) {
  const { t } = useTranslation()
  const errorText = useApiErrorMessage()
  const [asking, setAsking] = useState(false)
  const save = useApiMutation(API.globalSubscriptions.updateOption, {
    as: 'globalAdmin',
    invalidates: [API.globalSubscriptions.allOptions],
  })
  const setActive = (active: boolean) =>
    save.mutate(
      { params: { id: plan.id }, body: { active } },
      {
        onSuccess: () => {
          notify({
            type: 'success',
            message: t(active ? 'global-plans.activated' : 'global-plans.deactivated', { code: plan.code }),
          })
          setAsking(false)
        },
        onError: (err) => notify({ type: 'error', message: errorText(err) }),
      },
    )
  if (!plan.active)
    return (
      <Button variant="secondary" loading={save.isPending} onClick={() => setActive(true)}>
        {t('global-plans.activate')}
      </Button>
    )
  return (
    <>
      <Button variant="secondary" onClick={() => setAsking(true)}>
        {t('global-plans.deactivate')}
      </Button>
      <ConfirmDialog
        open={asking}
        title={t('global-plans.deactivateTitle', { code: plan.code })}
        message={t('global-plans.deactivateText')}
        confirmLabel={t('global-plans.deactivate')}
        danger
        loading={save.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() => setActive(false)}
      />
    </>
  )
}
