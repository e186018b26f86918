import { type FormEvent, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type Salon, ZCreateSalon } from '../../../contract/salons'
import { API, call } from '../../api/client'
import {
  Drawer,
  notify,
  TextField,
  translateValidation,
  useApiErrorMessage,
  zodFieldErrors,
  FormError,
  focusFirstInvalid,
  FormDrawerFooter,
} from '../../ui'
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
  const errorText = useApiErrorMessage()
  const [name, setName] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [formError, setFormError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  // Filled when it opens for a branch, keyed by the branch's id: a live update of the branch list
  // (a new object for the same branch) must not overwrite what is being typed.
  const salonId = salon?.id ?? null
  // biome-ignore lint/correctness/useExhaustiveDependencies: the name is read when opened for this id
  useEffect(() => {
    if (open) {
      setName(salon?.name ?? '')
      setError(null)
      setFormError(null)
    }
  }, [open, salonId])

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault()
    setFormError(null)
    const parsed = ZCreateSalon.safeParse({ name })
    if (!parsed.success) {
      setError(zodFieldErrors(parsed.error).name ?? null)
      // As every form does after a refused submit (useFieldErrors): the cursor to the field.
      const from = document.activeElement
      requestAnimationFrame(() => focusFirstInvalid(from))
      return
    }
    setError(null)
    const session = getSession('employee')
    if (!session) return
    setBusy(true)
    try {
      const org = session.employee.organisationId
      const saved = salon
        ? await call(API.salons.update, { params: { org, salon: salon.id }, body: parsed.data, token: session.token })
        : await call(API.salons.create, { params: { org }, body: parsed.data, token: session.token })
      await replica?.db.salons.put(saved)
      if (!salon) await refreshEmployee(session)
      notify({ type: 'success', message: t(salon ? 'branches.updated' : 'branches.created', { name: saved.name }) })
      onClose()
    } catch (err) {
      setFormError(errorText(err))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Drawer
      open={open}
      onClose={onClose}
      dirty={name !== (salon?.name ?? '')}
      title={salon ? t('branches.editTitle') : t('branches.createTitle')}
      footer={(requestClose) => (
        <FormDrawerFooter
          requestClose={requestClose}
          form="branch-form"
          submitLabel={salon ? t('common.save') : t('branches.create')}
          busy={busy}
          disabled={!online}
        />
      )}
    >
      <form id="branch-form" noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
        <TextField
          label={t('branches.name')}
          name="name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={error && translateValidation(t, error)}
          autoFocus
        />
        {!online && (
          <p className="rounded-lg bg-primary-light px-4 py-3 text-sm text-ink">{t('branches.needsConnection')}</p>
        )}
        {formError && <FormError text={formError} />}
      </form>
    </Drawer>
  )
}
