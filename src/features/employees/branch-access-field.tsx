import { Lock, Plus, X } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { Role } from '../../../contract/roles'
import type { LocalSalon } from '../../local-db/types'
import { Button, SelectField } from '../../ui'
import { useCanAssign } from './assignable'
import { type AccessRow, newRow } from './employee-form'

type Props = {
  rows: AccessRow[]
  onChange: (rows: AccessRow[]) => void
  salons: LocalSalon[]
  roles: Role[]
  /** Branches where the signed-in employee may manage employees: only those rows can change. */
  editable: ReadonlySet<string>
  /** Nothing can change (offline, or no right to manage this employee). */
  readOnly: boolean
  /** Field errors by body path: `access`, `access.1.roleId`, … */
  errors: Record<string, string | undefined>
}

/**
 * Branch access roles (spec §3: at least one; one role per branch). A branch the signed-in
 * employee may not manage employees in stays as it is, shown but not editable: the server keeps
 * it too.
 */
export function BranchAccessField({ rows, onChange, salons, roles, editable, readOnly, errors }: Props) {
  const { t } = useTranslation()
  const nameOf = (id: string) => salons.find((s) => s.id === id)?.name ?? t('employees.unknownBranch')
  const roleName = (id: string) => roles.find((r) => r.id === id)?.name ?? t('employees.unknownRole')
  const used = new Set(rows.map((r) => r.salonId))
  const free = salons.filter((s) => editable.has(s.id) && !used.has(s.id))
  const canAssign = useCanAssign()
  // Per branch, the roles the server would let this person grant there (the role already held
  // stays listed, so the select shows it).
  const roleOptions = (row: AccessRow) => [
    { value: '', label: t('employees.form.pickRole') },
    ...roles
      .filter((r) => r.id === row.roleId || canAssign(r.permissions, row.salonId))
      .map((r) => ({ value: r.id, label: r.name })),
  ]
  const set = (key: string, patch: Partial<AccessRow>) =>
    onChange(rows.map((r) => (r.key === key ? { ...r, ...patch } : r)))

  return (
    <fieldset className="flex flex-col gap-3" aria-describedby={errors.access ? 'access-msg' : undefined}>
      <legend className="mb-1 text-sm font-medium text-ink">{t('employees.form.access')}</legend>
      <p className="-mt-1 text-sm text-muted">{t('employees.form.accessHint')}</p>
      {rows.length === 0 && (
        <p className="rounded-lg border border-dashed border-line px-4 py-3 text-sm text-muted">
          {t('employees.form.noAccess')}
        </p>
      )}
      <ul className="flex flex-col gap-3">
        {rows.map((row, i) => {
          const canEdit = !readOnly && editable.has(row.salonId)
          if (!canEdit)
            return (
              <li
                key={row.key}
                className="flex items-center gap-3 rounded-xl border border-line bg-canvas/60 px-4 py-3 text-sm"
                data-testid="access-row"
              >
                {!readOnly && <Lock aria-hidden className="size-4 shrink-0 text-muted" />}
                <span className="min-w-0 flex-1">
                  <span className="font-medium text-ink">{nameOf(row.salonId)}</span>
                  <span className="text-muted"> · {roleName(row.roleId)}</span>
                  {!readOnly && <span className="block text-xs text-muted">{t('employees.form.notYourBranch')}</span>}
                </span>
              </li>
            )
          const branchOptions = salons
            .filter((s) => s.id === row.salonId || (editable.has(s.id) && !used.has(s.id)))
            .map((s) => ({ value: s.id, label: s.name }))
          return (
            <li
              key={row.key}
              className="grid grid-cols-[minmax(0,1fr)_auto] items-end gap-x-2 gap-y-3 rounded-xl border border-line bg-white p-3"
              data-testid="access-row"
            >
              <SelectField
                label={t('employees.form.branch')}
                value={row.salonId}
                options={branchOptions}
                onChange={(e) => set(row.key, { salonId: e.target.value })}
                error={errors[`access.${i}.salonId`]}
              />
              <Button
                variant="ghost"
                className={errors[`access.${i}.salonId`] ? 'self-center' : undefined}
                aria-label={t('employees.form.removeBranch', { branch: nameOf(row.salonId) })}
                title={t('employees.form.removeBranch', { branch: nameOf(row.salonId) })}
                onClick={() => onChange(rows.filter((r) => r.key !== row.key))}
              >
                <X aria-hidden className="size-4" />
              </Button>
              <div className="col-span-2">
                <SelectField
                  label={t('employees.form.roleIn', { branch: nameOf(row.salonId) })}
                  value={row.roleId}
                  options={roleOptions(row)}
                  onChange={(e) => set(row.key, { roleId: e.target.value })}
                  error={errors[`access.${i}.roleId`]}
                />
              </div>
            </li>
          )
        })}
      </ul>
      {errors.access && (
        <p id="access-msg" role="alert" className="text-sm text-[#a23b35]">
          {errors.access}
        </p>
      )}
      {!readOnly && free.length > 0 && (
        // Marked invalid with "at least one" so a refused save puts the cursor here (focusFirstInvalid).
        <div aria-invalid={errors.access ? true : undefined}>
          <Button variant="secondary" onClick={() => onChange([...rows, newRow(free[0].id)])}>
            <Plus aria-hidden className="size-4" />
            {t('employees.form.addBranch')}
          </Button>
        </div>
      )}
    </fieldset>
  )
}
