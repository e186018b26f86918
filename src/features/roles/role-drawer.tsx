import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Permission } from '../../../contract/permissions'
import { type Role, ZCreateRole } from '../../../contract/roles'
import { ApiError } from '../../api/client'
import { FormDrawer, notify, TextField, useEntityForm } from '../../ui'
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
  // The server's refusal to leave nobody in charge (employees/in-charge.ts), shown where it applies.
  const [refusal, setRefusal] = useState<'LAST_PERMISSIONS_MANAGER' | 'LAST_OWNER' | null>(null)
  const readOnly = !canManage || !online

  // Filled when it opens for a role, keyed by its id: a live update of the list (a new count of
  // employees, a sync) must not overwrite what is being changed.
  const roleId = role?.id ?? null
  const form = useEntityForm({
    schema: ZCreateRole,
    initial: { name: role?.name ?? '', permissions: inOrder(role?.permissions ?? []) as Permission[] },
    resetKey: open ? (roleId ?? 'new') : null,
    onReset: () => setRefusal(null),
    // Offline the manager's changes stay (and are asked about); only those who may not manage read.
    readOnly: !canManage,
    submit: async (data) => {
      if (readOnly) return
      setRefusal(null)
      try {
        const saved = await saveRole({ role, input: data, db: replica?.db })
        if (saved)
          notify({ type: 'success', message: t(role ? 'roles.updated' : 'roles.created', { name: saved.name }) })
        onClose()
      } catch (err) {
        if (!(err instanceof ApiError && (err.code === 'LAST_PERMISSIONS_MANAGER' || err.code === 'LAST_OWNER')))
          throw err
        setRefusal(err.code)
        requestAnimationFrame(() =>
          document.getElementById('role-refusal')?.scrollIntoView({ block: 'center', behavior: 'smooth' }),
        )
      }
    },
  })
  const { permissions } = form.values

  const permissionsChanged = !samePermissions(permissions, role?.permissions ?? [])
  const holders = role?.employeesCount ?? 0
  const losesManage = !!role?.permissions.includes('managePermissions') && !permissions.includes('managePermissions')

  const title = !role ? t('roles.createTitle') : readOnly ? t('roles.viewTitle') : t('roles.editTitle')
  return (
    <FormDrawer
      form={form}
      open={open}
      onClose={onClose}
      title={title}
      formId="role-form"
      className="flex flex-col gap-6"
      submitLabel={role ? t('common.save') : t('roles.create')}
      submitDisabled={readOnly}
      footerNote={
        role &&
        holders > 0 &&
        permissionsChanged && (
          <p role="status" className="w-full text-sm text-[#7a5209]" data-testid="role-applies-at-once">
            {t('roles.appliesAtOnce', { count: holders })}
          </p>
        )
      }
      notice={
        readOnly && { text: canManage ? t('roles.needsConnection') : t('roles.readOnly'), testId: 'role-read-only' }
      }
    >
      <TextField
        label={t('roles.name')}
        {...form.field('name')}
        maxLength={100}
        disabled={readOnly}
        autoFocus={!readOnly}
      />
      <div className="flex flex-col gap-4">
        <div>
          <h3 className="font-display text-lg text-ink">{t('roles.permissions')}</h3>
          {!readOnly && <p className="text-sm text-muted">{t('roles.coupling')}</p>}
        </div>
        {form.error('permissions') && (
          <p role="alert" className="text-sm text-[#a23b35]">
            {form.error('permissions')}
          </p>
        )}
        <PermissionPicker
          value={permissions}
          disabled={readOnly}
          onChange={(next) => {
            // In one order: picking a permission and dropping it again is no change.
            form.set('permissions', inOrder(next) as Permission[])
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
    </FormDrawer>
  )
}
