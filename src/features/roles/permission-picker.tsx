import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { Permission } from '../../../contract/permissions'
import { cx } from '../../ui'
import {
  PERMISSION_GROUPS,
  type PermissionGroupKey,
  permissionGroupHintKey,
  permissionGroupKey,
  permissionHintKey,
  permissionNameKey,
} from '../team/permission-texts'
import { togglePermission } from './permission-coupling'

type Note = { tone: 'warning' | 'error'; text: ReactNode }

type Props = {
  value: readonly Permission[]
  onChange: (next: Permission[]) => void
  /** Read-only (offline, or a reader of roles): the ticks show, nothing can change. */
  disabled?: boolean
  /** A line under one permission: a warning (tone 'warning') or the server's refusal ('error'). */
  notes?: Partial<Record<Permission, Note>>
  /** A line under a group's title (a refusal that concerns the whole group). */
  groupNotes?: Partial<Record<PermissionGroupKey, Note>>
}

function NoteLine({ note }: { note: Note }) {
  return (
    <p
      role={note.tone === 'error' ? 'alert' : 'status'}
      className={cx('px-1 text-sm', note.tone === 'error' ? 'text-[#a23b35]' : 'text-[#7a5209]')}
    >
      {note.text}
    </p>
  )
}

/**
 * The role's permissions as the spec groups them (§3: organisation-level, then the employee
 * permissions granted per branch), each with its name and what it lets someone do.
 */
export function PermissionPicker({ value, onChange, disabled = false, notes = {}, groupNotes = {} }: Props) {
  const { t } = useTranslation()
  const held = new Set(value)
  return (
    <div className="flex flex-col gap-6">
      {PERMISSION_GROUPS.map((group) => (
        <fieldset key={group.key} className="flex flex-col gap-2" data-testid={`permission-group-${group.key}`}>
          <legend className="mb-2">
            <span className="block font-medium text-ink">{t(permissionGroupKey(group.key))}</span>
            <span className="block text-sm text-muted">{t(permissionGroupHintKey(group.key))}</span>
          </legend>
          {groupNotes[group.key] && <NoteLine note={groupNotes[group.key] as Note} />}
          {group.permissions.map((p) => {
            const checked = held.has(p)
            const note = notes[p]
            return (
              <div key={p} className="flex flex-col gap-1">
                <label
                  className={cx(
                    'flex min-h-11 items-start gap-3 rounded-lg border px-3.5 py-2.5 transition',
                    'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary-dark',
                    note?.tone === 'error'
                      ? 'border-[#a23b35]'
                      : checked
                        ? 'border-primary-dark bg-primary-light'
                        : 'border-line bg-white',
                    disabled ? 'cursor-default' : 'cursor-pointer hover:border-primary',
                  )}
                >
                  <input
                    type="checkbox"
                    className="mt-1 size-4 shrink-0 accent-[var(--color-primary-dark)]"
                    checked={checked}
                    disabled={disabled}
                    aria-invalid={note?.tone === 'error' ? true : undefined}
                    aria-labelledby={`perm-${p}-name`}
                    aria-describedby={`perm-${p}-hint`}
                    onChange={(e) => onChange(togglePermission(value, p, e.target.checked))}
                  />
                  <span className="flex min-w-0 flex-col">
                    <span id={`perm-${p}-name`} className="text-sm font-medium text-ink">
                      {t(permissionNameKey(p))}
                    </span>
                    <span id={`perm-${p}-hint`} className="text-sm text-muted">
                      {t(permissionHintKey(p))}
                    </span>
                  </span>
                </label>
                {note && <NoteLine note={note} />}
              </div>
            )
          })}
        </fieldset>
      ))}
    </div>
  )
}
