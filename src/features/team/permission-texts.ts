import type { TFunction } from 'i18next'
import { EMPLOYEE_PERMISSIONS, ORGANISATION_PERMISSIONS, type Permission } from '../../../contract/permissions'

/*
 * The one place that names the spec's permissions for people (issue 9: "each with a one-line
 * explanation in both languages"): the roles screen and the employees screen both read these.
 * Texts in locales/<lang>/permissions.json, `<permission>.name` and `<permission>.hint`.
 */

/** The spec's two groups (§3): organisation-level permissions, and employee permissions per branch. */
export const PERMISSION_GROUPS = [
  { key: 'organisation', permissions: ORGANISATION_PERMISSIONS },
  { key: 'branch', permissions: EMPLOYEE_PERMISSIONS },
] as const satisfies readonly { key: string; permissions: readonly Permission[] }[]

export type PermissionGroupKey = (typeof PERMISSION_GROUPS)[number]['key']

/** The permission's short name ("Manage customers"). */
export const permissionName = (t: TFunction, p: Permission): string => t(`permissions.${p}.name`)

/** One line on what the permission lets someone do in this product. */
export const permissionHint = (t: TFunction, p: Permission): string => t(`permissions.${p}.hint`)

/** The group's title and its one-line explanation. */
export const permissionGroupTitle = (t: TFunction, g: PermissionGroupKey): string => t(`permissions.groups.${g}.title`)
export const permissionGroupHint = (t: TFunction, g: PermissionGroupKey): string => t(`permissions.groups.${g}.hint`)
