import { KeyRound } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { PERMISSIONS, type Permission } from '../../../contract/permissions'
import { permissionName } from '../team/permission-texts'
import { READ_OF_MANAGE } from './permission-coupling'

/**
 * A role at a glance: how many permissions, and which — a read permission its manage permission
 * includes is left out of the names ("Manage customers" says enough), one line, cut off if long.
 */
export function RoleSummary({ permissions }: { permissions: readonly Permission[] }) {
  const { t } = useTranslation()
  const held = new Set(permissions)
  const included = new Set(permissions.map((p) => READ_OF_MANAGE[p]).filter(Boolean))
  const names = PERMISSIONS.filter((p) => held.has(p) && !included.has(p)).map((p) => permissionName(t, p))
  const count =
    held.size === 0
      ? t('roles.noPermissions')
      : held.size === PERMISSIONS.length
        ? t('roles.allPermissions')
        : t('roles.permissionsCount', { count: held.size })
  return (
    <p className="mt-1 flex min-w-0 items-center gap-1.5 text-sm text-muted">
      <KeyRound aria-hidden className="size-4 shrink-0" />
      <span className="shrink-0">{count}</span>
      {names.length > 0 && held.size < PERMISSIONS.length && (
        <span className="truncate" title={names.join(', ')}>
          · {names.join(', ')}
        </span>
      )}
    </p>
  )
}
