import { PERMISSIONS, type Permission } from '../../../contract/permissions'

/*
 * The policy table lets every "manage" permission do what its "read" permission does
 * (contract/policy.ts: customers.read needs readCustomers OR manageCustomers, …). A role that can
 * change customers but not see them reads oddly on screen, so the checkboxes keep the pair
 * together: ticking a manage permission ticks its read permission, and unticking the read
 * permission unticks its manage permission. Only a hint for the form: the server accepts any set.
 */

/** Each manage permission → the read permission it includes. */
export const READ_OF_MANAGE: Readonly<Partial<Record<Permission, Permission>>> = {
  manageSubscription: 'readSubscription',
  manageSalons: 'readSalons',
  manageCustomers: 'readCustomers',
  manageEmployees: 'readEmployees',
  manageQuestionnaires: 'readQuestionnaires',
  manageAdvice: 'readAdvice',
}

const MANAGE_OF_READ = new Map<Permission, Permission>(
  Object.entries(READ_OF_MANAGE).map(([manage, read]) => [read as Permission, manage as Permission]),
)

/** The manage permission that includes `read`, if any. */
export const manageOf = (read: Permission): Permission | undefined => MANAGE_OF_READ.get(read)

/** A permission set in the spec's order (stable for comparing and for sending). */
export const inOrder = (set: Iterable<Permission>): Permission[] => {
  const s = new Set(set)
  return PERMISSIONS.filter((p) => s.has(p))
}

/** Tick (`on`) or untick permission `p`, keeping the manage → read pairs together. */
export function togglePermission(current: readonly Permission[], p: Permission, on: boolean): Permission[] {
  const next = new Set(current)
  if (on) {
    next.add(p)
    const read = READ_OF_MANAGE[p]
    if (read) next.add(read)
  } else {
    next.delete(p)
    const manage = manageOf(p)
    if (manage) next.delete(manage)
  }
  return inOrder(next)
}

/** Do two permission lists hold the same permissions (order and repeats aside)? */
export function samePermissions(a: readonly Permission[], b: readonly Permission[]): boolean {
  const x = new Set(a)
  const y = new Set(b)
  return x.size === y.size && [...x].every((p) => y.has(p))
}
