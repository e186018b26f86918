import { Eye, Pencil, ShieldCheck } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { LocalRole } from '../../local-db/types'
import { Button, Truncated } from '../../ui'
import { ListPage } from '../../ui/list-page'
import { useOnline } from '../app/use-online'
import { useCan } from '../auth/use-can'
import { useSyncStatus } from '../sync/use-sync-status'
import { useRoles } from '../team/use-team'
import { RoleDrawer } from './role-drawer'
import { RoleSummary } from './role-summary'

/**
 * The organisation's roles (spec §6), read from the replica, offline too. Those who manage
 * permissions create and change them here (online); those who only read roles (they give roles
 * to employees) see what each role allows, read-only.
 */
export function RolesPage() {
  const { t } = useTranslation()
  const roles = useRoles()
  const online = useOnline()
  const canManage = useCan('roles.manage')
  const [drawer, setDrawer] = useState<{ open: boolean; role: LocalRole | null }>({ open: false, role: null })
  // The drawer follows the live row (a new count of employees shows while it is open), and keeps
  // the role it opened with should the replica briefly lack it (a rebuild): an edit never turns
  // into a new role.
  const openRole = drawer.role ? (roles?.find((r) => r.id === drawer.role?.id) ?? drawer.role) : null
  const mayEdit = canManage && online
  // Every organisation has a role (its owner's): an empty list on a replica that has never been
  // synced means "not loaded yet", not "no roles".
  const neverSynced = useSyncStatus().lastSyncAt === null
  const loading = roles === undefined || (roles.length === 0 && neverSynced && online)

  return (
    <ListPage
      title={t('roles.title')}
      description={!canManage ? t('roles.readOnly') : !online ? t('roles.needsConnection') : t('roles.description')}
      add={{
        label: t('roles.add'),
        onClick: () => setDrawer({ open: true, role: null }),
        allowed: canManage,
        online,
        needsConnection: t('roles.needsConnection'),
      }}
      items={roles}
      loading={loading}
      loadingLabel={t('common.loading')}
      empty={{
        icon: <ShieldCheck aria-hidden className="size-6" />,
        title: t('roles.emptyTitle'),
        description: neverSynced ? t('roles.notLoadedYet') : t('roles.emptyText'),
        readOnly: neverSynced ? t('roles.notLoadedYet') : t('roles.emptyReadOnly'),
      }}
      after={
        <RoleDrawer open={drawer.open} role={openRole} onClose={() => setDrawer((d) => ({ ...d, open: false }))} />
      }
    >
      {(roles) => (
        <ul className="flex flex-col gap-3" data-testid="role-list">
          {roles.map((r) => (
            <li
              key={r.id}
              className="flex items-center gap-4 rounded-2xl border border-line bg-white px-5 py-4 shadow-[0_1px_2px_rgba(43,38,35,0.04)]"
            >
              <span className="hidden size-11 shrink-0 items-center justify-center rounded-full bg-primary-light text-primary-dark sm:flex">
                <ShieldCheck aria-hidden className="size-5" />
              </span>
              <div className="min-w-0 flex-1">
                <Truncated as="p" className="font-medium text-ink" text={r.name} />
                <RoleSummary role={r} />
              </div>
              <Button
                variant="ghost"
                onClick={() => setDrawer({ open: true, role: r })}
                aria-label={t(mayEdit ? 'roles.editNamed' : 'roles.viewNamed', { name: r.name })}
              >
                {mayEdit ? <Pencil aria-hidden className="size-4" /> : <Eye aria-hidden className="size-4" />}
                <span className="hidden sm:inline">{mayEdit ? t('common.edit') : t('roles.view')}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
    </ListPage>
  )
}
