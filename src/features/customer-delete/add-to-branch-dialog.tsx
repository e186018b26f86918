import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { FormModal, useEntityForm } from '../../ui/form'
import { SelectField } from '../../ui/fields'

type Branch = { id: string; name: string }
const ZChoice = z.object({ salonId: z.string().min(1) })

/**
 * The branch the selected customers are added to (issue 10), on the form engine: a branch must
 * be chosen; choosing one hands it to the list's bulk action, which runs through the replica.
 */
export function AddToBranchDialog(p: {
  open: boolean
  count: number
  branches: Branch[]
  onClose: () => void
  onChoose: (branch: Branch) => void
}) {
  const { t } = useTranslation()
  const form = useEntityForm({
    schema: ZChoice,
    initial: { salonId: '' },
    resetKey: p.open,
    submit: async ({ salonId }) => {
      const branch = p.branches.find((b) => b.id === salonId)
      p.onClose()
      if (branch) p.onChoose(branch)
    },
  })
  return (
    <FormModal
      form={form}
      open={p.open}
      onClose={p.onClose}
      title={t('customer-delete.bulk.addTitle', { count: p.count })}
      formId="add-to-branch-form"
      submitLabel={t('customer-delete.bulk.add')}
      submitDisabled={!form.values.salonId}
    >
      <SelectField
        label={t('customer-delete.bulk.chooseBranch')}
        {...form.field('salonId')}
        options={[
          { value: '', label: t('customer-delete.bulk.chooseBranchPlaceholder') },
          ...p.branches.map((b) => ({ value: b.id, label: b.name })),
        ]}
      />
    </FormModal>
  )
}
