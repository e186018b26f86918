import { KeyRound, UserRound } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { PERMISSIONS } from '../../../contract/permissions'
import type { Role } from '../../../contract/roles'
import { permissionNameKey } from '../team/permission-texts'
import { READ_OF_MANAGE } from './permission-coupling'

/**
 * A role at a glance: how many permissions, how many employees hold it, and which permissions —
 * a view permission its manage permission includes is left out of the names ("Manage customers"
 * says enough).
 */
export function RoleSummary({ role }: { role: Pick<Role, 'permissions' | 'employeesCount'> }) {
  const { t } = useTranslation()
  const held = new Set(role.permissions)
  const all = held.size === PERMISSIONS.length
  const included = new Set(role.permissions.map((p) => READ_OF_MANAGE[p]).filter(Boolean))
  const names = PERMISSIONS.filter((p) => held.has(p) && !included.has(p)).map((p) => t(permissionNameKey(p)))
  return (
    <>
      <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted">
        <span className="inline-flex items-center gap-1.5">
          <KeyRound aria-hidden className="size-4" />
          {held.size === 0
            ? t('roles.noPermissions')
            : all
              ? t('roles.allPermissions')
              : t('roles.permissionsCount', { count: held.size })}
        </span>
        <span className="inline-flex items-center gap-1.5">
          <UserRound aria-hidden className="size-4" />
          {role.employeesCount > 0 ? t('roles.employeesCount', { count: role.employeesCount }) : t('roles.noEmployees')}
        </span>
      </p>
      {!all && names.length > 0 && <p className="mt-1 line-clamp-2 text-sm text-ink/80">{names.join(', ')}</p>}
    </>
  )
}
