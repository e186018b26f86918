import { EMPLOYEE_PERMISSIONS, ORGANISATION_PERMISSIONS, type Permission } from '../../../contract/permissions'

/*
 * The permissions as people read them: a short name and a one-line explanation in nl and en
 * (issue 9: "each with a one-line explanation in both languages"). One file for every screen that
 * shows permissions — the roles editor and the employee drawer's "what can Bas do in Utrecht?" —
 * so both always say the same. Texts live in src/i18n/locales/{nl,en}/permissions.json.
 */

/** The spec's two groups (§3): organisation-level permissions and per-branch employee permissions. */
export const PERMISSION_GROUPS = [
  { key: 'organisation', permissions: ORGANISATION_PERMISSIONS },
  { key: 'employee', permissions: EMPLOYEE_PERMISSIONS },
] as const satisfies readonly { key: string; permissions: readonly Permission[] }[]

export type PermissionGroupKey = (typeof PERMISSION_GROUPS)[number]['key']

/** i18n key of a permission's short name ("Klanten beheren"). */
export const permissionNameKey = (p: Permission) => `permissions.${p}.name` as const
/** i18n key of a permission's one-line explanation. */
export const permissionHintKey = (p: Permission) => `permissions.${p}.hint` as const
/** i18n key of a group's title. */
export const permissionGroupKey = (g: PermissionGroupKey) => `permissions.groups.${g}.title` as const
/** i18n key of a group's one-line explanation. */
export const permissionGroupHintKey = (g: PermissionGroupKey) => `permissions.groups.${g}.hint` as const

const ORDER = new Map<Permission, number>(PERMISSION_GROUPS.flatMap((g) => g.permissions).map((p, i) => [p, i]))

/** Permissions in the order the groups list them (a stable order for every screen). */
export const sortPermissions = (list: readonly Permission[]): Permission[] =>
  [...list].sort((a, b) => (ORDER.get(a) ?? 0) - (ORDER.get(b) ?? 0))
