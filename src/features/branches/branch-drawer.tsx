import { useTranslation } from 'react-i18next'
import { type Salon, ZCreateSalon } from '../../../contract/salons'
import { API } from '../../api/client'
import { apiCall } from '../../api/transport'
import { FormDrawer, notify, TextField, useEntityForm } from '../../ui'
import { useOnline } from '../app/use-online'
import { refreshEmployee } from '../auth/employee-auth'
import { getSession } from '../auth/session'
import { useReplica } from '../sync/sync-provider'

type Props = { open: boolean; onClose: () => void; salon: Salon | null }

/**
 * Create or rename a branch. Online only: branches change the organisation's structure (grants,
 * limits), so they are written straight to the server; the answer goes into the replica at once.
 */
export function BranchDrawer({ open, onClose, salon }: Props) {
  const { t } = useTranslation()
  const online = useOnline()
  const replica = useReplica()
  // Filled when it opens for a branch, keyed by the branch's id: a live update of the branch list
  // (a new object for the same branch) must not overwrite what is being typed.
  const form = useEntityForm({
    schema: ZCreateSalon,
    initial: { name: salon?.name ?? '' },
    resetKey: open ? (salon?.id ?? 'new') : null,
    submit: async (data) => {
      const session = getSession('employee')
      if (!session) return
      const org = session.employee.organisationId
      const saved = salon
        ? await apiCall(API.salons.update, { params: { org, salon: salon.id }, body: data })
        : await apiCall(API.salons.create, { params: { org }, body: data })
      await replica?.db.salons.put(saved)
      if (!salon) await refreshEmployee(session)
      notify({ type: 'success', message: t(salon ? 'branches.updated' : 'branches.created', { name: saved.name }) })
      onClose()
    },
  })

  return (
    <FormDrawer
      form={form}
      open={open}
      onClose={onClose}
      title={salon ? t('branches.editTitle') : t('branches.createTitle')}
      formId="branch-form"
      submitLabel={salon ? t('common.save') : t('branches.create')}
      submitDisabled={!online}
    >
      <TextField label={t('branches.name')} {...form.field('name')} autoFocus />
      {!online && (
        <p className="rounded-lg bg-primary-light px-4 py-3 text-sm text-ink">{t('branches.needsConnection')}</p>
      )}
    </FormDrawer>
  )
}
