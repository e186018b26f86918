import { Check } from 'lucide-react'
import { useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { EffectivePermissions, Employee } from '../../../contract/employees'
import { ORGANISATION_PERMISSIONS, type Permission } from '../../../contract/permissions'
import { expandGrants } from '../../../contract/policy'
import type { Role } from '../../../contract/roles'
import { cx, Skeleton } from '../../ui'
import { useOnline } from '../app/use-online'
import { PERMISSION_GROUPS, permissionGroupKey, permissionHintKey, permissionNameKey } from '../team/permission-texts'
import { API } from '../../api/client'
import { useApiQuery } from '../../api/query'

type Props = { employee: Employee; roles: Role[]; salonName: (id: string) => string; salonIds: string[] }

const ORG = new Set<Permission>(ORGANISATION_PERMISSIONS)

/**
 * What the roles add up to on this device, when the server cannot be asked (offline), by the
 * server's own rules (contract/policy.ts `expandGrants`): per branch the role's permissions plus
 * the organisation-level ones held in any branch; manageSalons reaches every branch `salonIds`
 * knows, with or without a role there.
 */
export function localEffective(
  employee: Employee,
  roles: Role[],
  salonName: (id: string) => string,
  salonIds: string[] = [],
) {
  const byId = new Map(roles.map((r) => [r.id, r]))
  const perBranch = new Map<string, Set<Permission>>()
  for (const a of employee.access) {
    const set = perBranch.get(a.salonId) ?? new Set<Permission>()
    for (const p of byId.get(a.roleId)?.permissions ?? []) set.add(p)
    perBranch.set(a.salonId, set)
  }
  const grants = expandGrants(perBranch, salonIds)
  const org = [...new Set([...grants.values()].flatMap((s) => [...s]))].filter((p) => ORG.has(p))
  return {
    employeeId: employee.id,
    organisationPermissions: org,
    branches: [...grants].map(([salonId, perms]) => {
      const held = employee.access.filter((a) => a.salonId === salonId).map((a) => byId.get(a.roleId))
      return {
        salonId,
        salonName: salonName(salonId),
        roles: held.filter((r) => r !== undefined).map((r) => ({ id: r.id, name: r.name })),
        permissions: [...new Set<Permission>([...perms, ...org])],
      }
    }),
  } satisfies EffectivePermissions
}

/**
 * "Wat mag Bas in Utrecht?": per branch the permissions the employee's roles give, each with its
 * one-line explanation. Asked of the server (GET …/effectivePermissions, the authority); offline
 * worked out from the replica's roles, and it says so.
 */
export function EffectivePermissionsPanel({ employee, roles, salonName, salonIds }: Props) {
  const { t } = useTranslation()
  const online = useOnline()
  // Asked again whenever the employee's row changes (a save, a sync) or the connection returns.
  const q = useApiQuery(
    API.employees.effectivePermissions,
    online ? { params: { org: employee.organisationId, id: employee.id } } : null,
    { retry: false },
  )
  const { refetch } = q
  const askedFor = useRef(employee.version)
  useEffect(() => {
    if (askedFor.current === employee.version) return
    askedFor.current = employee.version
    if (online) void refetch()
  }, [employee.version, online, refetch])
  const answered = online && q.isFetched && !q.isFetching
  const fromServer = answered && !q.isError ? (q.data ?? null) : null
  const loading = online && !answered
  const shown = useMemo(
    () => fromServer ?? localEffective(employee, roles, salonName, salonIds),
    [fromServer, employee, roles, salonName, salonIds],
  )
  const [picked, setPicked] = useState<string | null>(null)
  const branch = shown.branches.find((b) => b.salonId === picked) ?? shown.branches[0]
  const name = employee.firstName

  return (
    <section aria-labelledby="effective-title" className="flex flex-col gap-3" data-testid="effective-permissions">
      <h3 id="effective-title" className="font-display text-lg text-ink">
        {t('employees.effective.title')}
      </h3>
      {shown.branches.length > 1 && (
        <fieldset className="flex flex-wrap gap-2">
          <legend className="sr-only">{t('employees.effective.pickBranch')}</legend>
          {shown.branches.map((b) => (
            <button
              key={b.salonId}
              type="button"
              aria-pressed={b.salonId === branch?.salonId}
              onClick={() => setPicked(b.salonId)}
              className={cx(
                'min-h-11 rounded-full border px-4 text-sm transition',
                b.salonId === branch?.salonId
                  ? 'border-primary-dark bg-primary-light font-medium text-primary-dark'
                  : 'border-line bg-white text-ink hover:border-primary',
              )}
            >
              {b.salonName}
            </button>
          ))}
        </fieldset>
      )}
      {loading ? (
        <div className="flex flex-col gap-2" role="status" aria-busy="true" aria-label={t('common.loading')}>
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-12 w-full" />
          <Skeleton className="h-12 w-full" />
        </div>
      ) : !branch ? (
        <p className="text-sm text-muted">{t('employees.effective.none')}</p>
      ) : (
        <div className="rounded-xl border border-line bg-white px-4 py-3">
          <p className="font-medium text-ink">
            {t('employees.effective.inBranch', { name, branch: branch.salonName })}
          </p>
          <p className="mt-0.5 text-sm text-muted">
            {branch.roles.length
              ? t('employees.effective.roles', { roles: branch.roles.map((r) => r.name).join(', ') })
              : t('employees.effective.noRole')}
          </p>
          {branch.permissions.length === 0 ? (
            <p className="mt-3 text-sm text-muted">{t('employees.effective.nothing')}</p>
          ) : (
            PERMISSION_GROUPS.map((g) => {
              const held = g.permissions.filter((p) => branch.permissions.includes(p))
              if (held.length === 0) return null
              return (
                <div key={g.key} className="mt-3">
                  <h4 className="text-xs font-medium tracking-wide text-muted uppercase">
                    {t(permissionGroupKey(g.key))}
                  </h4>
                  <ul className="mt-1.5 flex flex-col gap-2">
                    {held.map((p) => (
                      <li key={p} className="flex gap-2.5">
                        <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-primary-dark" />
                        <span className="min-w-0">
                          <span className="block text-sm font-medium text-ink">{t(permissionNameKey(p))}</span>
                          <span className="block text-sm text-muted">{t(permissionHintKey(p))}</span>
                        </span>
                      </li>
                    ))}
                  </ul>
                </div>
              )
            })
          )}
          {!fromServer && (
            <p className="mt-3 text-xs text-muted">
              {online ? t('employees.effective.serverUnavailable') : t('employees.effective.offline')}
            </p>
          )}
        </div>
      )}
    </section>
  )
}
