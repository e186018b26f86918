import { z } from 'zod'

/** Spec §3: organisation-level permissions. */
export const ORGANISATION_PERMISSIONS = [
  'ownOrganisation',
  'readSubscription',
  'manageSubscription',
  'readSalons',
  'manageSalons',
  'managePermissions',
  'manageTrainings',
  'manageDocuments',
] as const

/** Spec §3: employee permissions (granted per branch through roles). */
export const EMPLOYEE_PERMISSIONS = [
  'readCustomers',
  'manageCustomers',
  'readEmployees',
  'manageEmployees',
  'readQuestionnaires',
  'manageQuestionnaires',
  'readAdvice',
  'manageAdvice',
] as const

export const PERMISSIONS = [...ORGANISATION_PERMISSIONS, ...EMPLOYEE_PERMISSIONS] as const
export const ZPermission = z.enum(PERMISSIONS)
export type Permission = z.infer<typeof ZPermission>
