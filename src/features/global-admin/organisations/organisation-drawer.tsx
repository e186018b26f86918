import { useTranslation } from 'react-i18next'
import type { GlobalOrganisationDetail } from '../../../../contract/global-organisations'
import { ZOrganisationFields } from '../../../../contract/organisations'
import { API } from '../../../api/client'
import { useApiMutation } from '../../../api/query'
import { FormDrawer, notify, TextField, useApiErrorMessage, useEntityForm } from '../../../ui'
import { OrganisationFields, type OrganisationForm, organisationForm } from '../../organisation/organisation-fields'
import { organisationRefusal } from '../../organisation/organisation-refusal'

/**
 * The organisation's details as a global admin corrects them: the fields and rules of the
 * organisation's own settings (the same contract schema and the same server rules).
 */
export function OrganisationDrawer({
  open,
  detail,
  onClose,
}: {
  open: boolean
  detail: GlobalOrganisationDetail
  onClose: () => void
}) {
  const { t } = useTranslation()
  const errorText = useApiErrorMessage()
  const save = useApiMutation(API.globalOrganisations.update, {
    as: 'globalAdmin',
    invalidates: [API.globalOrganisations.get, API.globalOrganisations.list],
  })
  const form = useEntityForm({
    schema: ZOrganisationFields,
    initial: () => organisationForm(detail.organisation),
    resetKey: open,
    submit: async (data) => {
      try {
        await save.mutateAsync({ body: { id: detail.organisation.id, ...data } })
      } catch (err) {
        throw organisationRefusal(err, (e) => form.setFormError(errorText(e)))
      }
      notify({ type: 'success', message: t('global-organisations.saved') })
      onClose()
    },
  })
  const field = (
    k: Exclude<keyof OrganisationForm, 'invoiceLanguage'>,
    label: string,
    extra: Record<string, unknown> = {},
  ) => <TextField label={label} {...form.field(k)} name={k} {...extra} />
  return (
    <FormDrawer
      form={form}
      open={open}
      onClose={onClose}
      title={t('global-organisations.editTitle', { name: detail.organisation.companyName })}
      formId="global-organisation-form"
      submitLabel={t('common.save')}
      className="flex flex-col gap-8"
      data-testid="global-organisation-form"
    >
      <OrganisationFields
        field={field}
        invoiceLanguage={{
          value: form.values.invoiceLanguage,
          onChange: (e) => form.set('invoiceLanguage', e.target.value),
          error: form.error('invoiceLanguage'),
        }}
        slugHint={t('global-organisations.slugHint')}
      />
    </FormDrawer>
  )
}
