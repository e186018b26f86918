import { Download } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { type GlobalOrganisationDetail, ORGANISATION_RETENTION_DAYS } from '../../../../contract/global-organisations'
import { API } from '../../../api/client'
import { useApiMutation } from '../../../api/query'
import { Button, FormModal, notify, TextField, useApiErrorMessage, useEntityForm } from '../../../ui'
import { downloadExport } from './downloads'

const ZConfirm = z.object({ confirm: z.string() })

/**
 * Deleting an organisation (research §7 E7): first its data to download, then its exact name
 * typed as confirmation. The server refuses under an active or unpaid subscription and a name
 * that does not match, and changes nothing then.
 */
export function DeleteDialog({ detail, onClose }: { detail: GlobalOrganisationDetail; onClose: () => void }) {
  const { t } = useTranslation()
  const errorText = useApiErrorMessage()
  const name = detail.organisation.companyName
  const [exporting, setExporting] = useState(false)
  const remove = useApiMutation(API.globalOrganisations.remove, {
    as: 'globalAdmin',
    invalidates: [API.globalOrganisations.get, API.globalOrganisations.list, API.globalAudit.list],
  })
  const form = useEntityForm({
    schema: ZConfirm,
    initial: { confirm: '' },
    submit: async ({ confirm }) => {
      await remove.mutateAsync({ params: { id: detail.organisation.id }, query: { confirm } })
      notify({ type: 'success', message: t('global-organisations.deleted', { name }) })
      onClose()
    },
  })
  return (
    <FormModal
      form={form}
      open
      onClose={onClose}
      title={t('global-organisations.deleteTitle', { name })}
      formId="delete-organisation-form"
      className="flex flex-col gap-4"
      submitLabel={t('global-organisations.delete')}
      submitVariant="danger"
      submitDisabled={form.values.confirm.trim() !== name}
      data-testid="delete-organisation-form"
    >
      <p className="text-sm text-ink">{t('global-organisations.deleteText', { days: ORGANISATION_RETENTION_DAYS })}</p>
      <div className="flex flex-col items-start gap-2 rounded-xl bg-canvas p-4">
        <p className="text-sm text-muted">{t('global-organisations.exportFirst')}</p>
        <Button
          variant="secondary"
          loading={exporting}
          data-testid="organisation-export"
          onClick={async () => {
            setExporting(true)
            try {
              await downloadExport(detail.organisation.id, detail.organisation.slug)
            } catch (err) {
              notify({ type: 'error', message: errorText(err) })
            } finally {
              setExporting(false)
            }
          }}
        >
          <Download aria-hidden className="size-4" />
          {t('global-organisations.export')}
        </Button>
      </div>
      <TextField
        label={t('global-organisations.typeName', { name })}
        autoComplete="off"
        spellCheck={false}
        {...form.field('confirm')}
        data-testid="delete-confirm"
      />
    </FormModal>
  )
}
