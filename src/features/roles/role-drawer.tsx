import { type FormEvent, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Permission } from '../../../contract/permissions'
import { type Role, ZCreateRole } from '../../../contract/roles'
import { ApiError } from '../../api/client'
import {
  Drawer,
  FormError,
  notify,
  TextField,
  translateValidation,
  useApiErrorMessage,
  useFieldErrors,
  zodFieldErrors,
  FormDrawerFooter,
} from '../../ui'
import { useOnline } from '../app/use-online'
import { useCan } from '../auth/use-can'
import { useReplica } from '../sync/replica-context'
import { inOrder, samePermissions } from './permission-coupling'
import { PermissionPicker } from './permission-picker'
import { saveRole } from './save-role'

type Props = { open: boolean; onClose: () => void; role: Role | null }

/**
 * Create a role, or read and change one: its name and its permissions. Online only, for those who
 * manage permissions; offline, and for employees who may only read roles, the same drawer shows
 * the role without letting anything change, and says why.
 */
export function RoleDrawer({ open, onClose, role }: Props) {
  const { t } = useTranslation()
  const online = useOnline()
  const canManage = useCan('roles.manage')
  const replica = useReplica()
  const errorText = useApiErrorMessage()
  const [name, setName] = useState('')
  const [permissions, setPermissions] = useState<Permission[]>([])
  const [errors, setErrors] = useFieldErrors<{ name?: string; permissions?: string }>()
  // The server's refusal to leave nobody in charge (employees/in-charge.ts), shown where it applies.
  const [refusal, setRefusal] = useState<'LAST_PERMISSIONS_MANAGER' | 'LAST_OWNER' | null>(null)
  const [formError, setFormError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const readOnly = !canManage || !online

  // Filled when it opens for a role, keyed by its id: a live update of the list (a new count of
  // employees, a sync) must not overwrite what is being changed.
  const roleId = role?.id ?? null
  // biome-ignore lint/correctness/useExhaustiveDependencies: the role is read when opened for this id
  useEffect(() => {
    if (!open) return
    setName(role?.name ?? '')
    setPermissions(inOrder(role?.permissions ?? []))
    setErrors({})
    setRefusal(null)
    setFormError(null)
  }, [open, roleId])

  const permissionsChanged = !samePermissions(permissions, role?.permissions ?? [])
  // Also while offline: what a manager changed before the connection dropped is kept and asked about.
  const dirty = canManage && (name !== (role?.name ?? '') || permissionsChanged)
  const holders = role?.employeesCount ?? 0
  const losesManage = !!role?.permissions.includes('managePermissions') && !permissions.includes('managePermissions')

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault()
    if (readOnly) return
    setFormError(null)
    setRefusal(null)
    const parsed = ZCreateRole.safeParse({ name, permissions })
    if (!parsed.success) return setErrors(zodFieldErrors(parsed.error))
    setErrors({})
    setBusy(true)
    try {
      const saved = await saveRole({ role, input: parsed.data, db: replica?.db })
      if (saved) notify({ type: 'success', message: t(role ? 'roles.updated' : 'roles.created', { name: saved.name }) })
      onClose()
    } catch (err) {
      if (err instanceof ApiError && (err.code === 'LAST_PERMISSIONS_MANAGER' || err.code === 'LAST_OWNER')) {
        setRefusal(err.code)
        requestAnimationFrame(() =>
          document.getElementById('role-refusal')?.scrollIntoView({ block: 'center', behavior: 'smooth' }),
        )
      } else if (err instanceof ApiError && err.code === 'VALIDATION_FAILED' && Object.keys(err.fieldErrors).length)
        setErrors(err.fieldErrors)
      else setFormError(errorText(err))
    } finally {
      setBusy(false)
    }
  }

  const title = !role ? t('roles.createTitle') : readOnly ? t('roles.viewTitle') : t('roles.editTitle')
  return (
    <Drawer
      open={open}
      onClose={onClose}
      dirty={dirty}
      title={title}
      footer={(requestClose) => (
        <FormDrawerFooter
          requestClose={requestClose}
          form="role-form"
          submitLabel={role ? t('common.save') : t('roles.create')}
          editable={canManage}
          busy={busy}
          disabled={readOnly}
        >
          {role && holders > 0 && permissionsChanged && (
            <p role="status" className="w-full text-sm text-[#7a5209]" data-testid="role-applies-at-once">
              {t('roles.appliesAtOnce', { count: holders })}
            </p>
          )}
        </FormDrawerFooter>
      )}
    >
      <form id="role-form" noValidate onSubmit={onSubmit} className="flex flex-col gap-6">
        {readOnly && (
          <p className="rounded-lg bg-primary-light px-4 py-3 text-sm text-ink" data-testid="role-read-only">
            {canManage ? t('roles.needsConnection') : t('roles.readOnly')}
          </p>
        )}
        <TextField
          label={t('roles.name')}
          name="name"
          value={name}
          maxLength={100}
          disabled={readOnly}
          onChange={(e) => {
            setName(e.target.value)
            setErrors((x) => ({ ...x, name: undefined }))
          }}
          error={errors.name && translateValidation(t, errors.name)}
          autoFocus={!readOnly}
        />
        <div className="flex flex-col gap-4">
          <div>
            <h3 className="font-display text-lg text-ink">{t('roles.permissions')}</h3>
            {!readOnly && <p className="text-sm text-muted">{t('roles.coupling')}</p>}
          </div>
          {errors.permissions && (
            <p role="alert" className="text-sm text-[#a23b35]">
              {translateValidation(t, errors.permissions)}
            </p>
          )}
          <PermissionPicker
            value={permissions}
            disabled={readOnly}
            onChange={(next) => {
              setPermissions(next)
              setRefusal(null)
            }}
            notes={
              refusal === 'LAST_PERMISSIONS_MANAGER'
                ? {
                    managePermissions: {
                      tone: 'error',
                      text: <span id="role-refusal">{t('roles.lastPermissionsManager')}</span>,
                    },
                  }
                : losesManage && holders > 0
                  ? { managePermissions: { tone: 'warning', text: t('roles.losesManagePermissions') } }
                  : {}
            }
            groupNotes={
              refusal === 'LAST_OWNER'
                ? { organisation: { tone: 'error', text: <span id="role-refusal">{t('roles.lastOwner')}</span> } }
                : {}
            }
          />
        </div>
        {formError && <FormError text={formError} />}
      </form>
    </Drawer>
  )
}
