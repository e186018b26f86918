import { useTranslation } from 'react-i18next'
import { type GlobalOrganisationDetail, ZSuspendOrganisation } from '../../../../contract/global-organisations'
import { API } from '../../../api/client'
import { useApiMutation } from '../../../api/query'
import { ConfirmDialog, FormModal, notify, TextArea, useApiErrorMessage, useEntityForm } from '../../../ui'

const invalidates = [API.globalOrganisations.get, API.globalOrganisations.list, API.globalAudit.list]

/** Suspends with a reason (read-only for its users until reactivated). */
export function SuspendDialog({ detail, onClose }: { detail: GlobalOrganisationDetail; onClose: () => void }) {
  const { t } = useTranslation()
  const suspend = useApiMutation(API.globalOrganisations.suspend, { as: 'globalAdmin', invalidates })
  const form = useEntityForm({
    schema: ZSuspendOrganisation,
    initial: { reason: '' },
    submit: async (body) => {
      await suspend.mutateAsync({ params: { id: detail.organisation.id }, body })
      notify({
        type: 'success',
        message: t('global-organisations.suspended', { name: detail.organisation.companyName }),
      })
      onClose()
    },
  })
  return (
    <FormModal
      form={form}
      open
      onClose={onClose}
      title={t('global-organisations.suspendTitle', { name: detail.organisation.companyName })}
      formId="suspend-organisation-form"
      className="flex flex-col gap-4"
      submitLabel={t('global-organisations.suspend')}
      submitVariant="danger"
    >
      <p className="text-sm text-muted">{t('global-organisations.suspendText')}</p>
      <TextArea label={t('global-organisations.reason')} rows={3} {...form.field('reason')} />
    </FormModal>
  )
}

/** Lifts the suspension: its users may change things again. */
export function ReactivateDialog({ detail, onClose }: { detail: GlobalOrganisationDetail; onClose: () => void }) {
  const { t } = useTranslation()
  const errorText = useApiErrorMessage()
  const reactivate = useApiMutation(API.globalOrganisations.reactivate, { as: 'globalAdmin', invalidates })
  return (
    <ConfirmDialog
      open
      title={t('global-organisations.reactivateTitle', { name: detail.organisation.companyName })}
      message={t('global-organisations.reactivateText')}
      confirmLabel={t('global-organisations.reactivate')}
      loading={reactivate.isPending}
      onCancel={onClose}
      onConfirm={() =>
        reactivate.mutate(
          { params: { id: detail.organisation.id } },
          {
            onSuccess: () => {
              notify({
                type: 'success',
                message: t('global-organisations.reactivated', { name: detail.organisation.companyName }),
              })
              onClose()
            },
            onError: (err) => notify({ type: 'error', message: errorText(err) }),
          },
        )
      }
    />
  )
}
