import { z } from 'zod'
import { ZPermission } from './permissions'
import { zRequired } from './validation'

/** The permissions of a role: known names, each once (a repeated one is kept once). */
const zPermissions = z.array(ZPermission).transform((list) => [...new Set(list)])

/** Spec §3/§6: a role is organisation-level (name + permissions) and granted per branch. */
export const ZRoleFields = z.object({
  name: zRequired('roleName').max(100),
  permissions: zPermissions,
})
export const ZCreateRole = ZRoleFields
/** A change: what it names (name, permissions or both). */
export const ZUpdateRole = ZRoleFields.partial()
export type CreateRole = z.infer<typeof ZCreateRole>
export type UpdateRole = z.infer<typeof ZUpdateRole>

export const ZRole = z.object({
  id: z.string().uuid(),
  name: z.string(),
  permissions: z.array(ZPermission),
  /** Employees (not removed) who hold this role in at least one branch. */
  employeesCount: z.number().int(),
  /** Sync version (roles are read from the replica, offline too). */
  version: z.number().int(),
})
export type Role = z.infer<typeof ZRole>
