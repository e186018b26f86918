import { z } from 'zod'
import { ZEmployeeSession, ZSetLanguage } from '../auth'
import {
  ZCreateEmployee,
  ZEffectivePermissions,
  ZEmployee,
  ZEmployeeActivityPage,
  ZEmployeeActivityQuery,
  ZEmployeeListQuery,
  ZUpdateEmployee,
} from '../employees'
import { ZSetKioskPin } from '../kiosk'
import { defineEndpoint } from './define'
import { ZOrgRefParams } from './params'

/** `{org}` (id or slug) and an employee's id. */
export const ZEmployeeParams = ZOrgRefParams.extend({ id: z.string().uuid() })

const tags = ['employees']
/** The signed-in employee with fresh permissions per branch. */
export const ZEmployeeMe = ZEmployeeSession.shape.employee

export const employees = {
  /**
   * The employees the caller may read: those holding a role in a branch where the caller has
   * readEmployees or manageEmployees, with only those branches' access roles.
   */
  list: defineEndpoint({
    method: 'GET',
    path: '/organisations/:org/employees',
    params: ZOrgRefParams,
    query: ZEmployeeListQuery,
    response: z.array(ZEmployee),
    action: 'employees.read',
    tags,
  }),
  /** A new employee, invited by e-mail to set their password. */
  create: defineEndpoint({
    method: 'POST',
    path: '/organisations/:org/employees',
    params: ZOrgRefParams,
    body: ZCreateEmployee,
    response: ZEmployee,
    status: 201,
    action: 'employees.manage',
    tags,
  }),
  /** Details, branch access roles, deactivate / reactivate, resend the invitation. */
  update: defineEndpoint({
    method: 'PUT',
    path: '/organisations/:org/employees/:id',
    params: ZEmployeeParams,
    body: ZUpdateEmployee,
    response: ZEmployee,
    action: 'employees.manage',
    // Issue 23: the impersonated employee's own e-mail address, roles and status stay theirs.
    impersonation: 'blockedOnSelf',
    tags,
  }),
  /** What the employee's roles add up to, per branch ("what can Bas do in Utrecht?"). */
  effectivePermissions: defineEndpoint({
    method: 'GET',
    path: '/organisations/:org/employees/:id/effectivePermissions',
    params: ZEmployeeParams,
    response: ZEffectivePermissions,
    action: 'employees.read',
    tags,
  }),
  /** The employee activity log, filtered and paged (POST: the filter is a body). */
  activities: defineEndpoint({
    method: 'POST',
    path: '/organisations/:org/employees/activities',
    params: ZOrgRefParams,
    body: ZEmployeeActivityQuery,
    response: ZEmployeeActivityPage,
    action: 'employeeActivities.read',
    whenExpired: 'read',
    tags,
  }),
  me: defineEndpoint({
    method: 'GET',
    path: '/organisations/:org/employees/me',
    params: ZOrgRefParams,
    response: ZEmployeeMe,
    action: 'account.manage',
    tags,
  }),
  setLanguage: defineEndpoint({
    method: 'PUT',
    path: '/organisations/:org/employees/me/language',
    params: ZOrgRefParams,
    body: ZSetLanguage,
    response: ZEmployeeMe,
    action: 'account.manage',
    whenExpired: 'account',
    tags,
  }),
  /** The kiosk PIN (checks the current password; rate-limited like a sign-in). */
  setKioskPin: defineEndpoint({
    method: 'PUT',
    path: '/organisations/:org/employees/me/pin',
    params: ZOrgRefParams,
    body: ZSetKioskPin,
    response: ZEmployeeMe,
    action: 'account.manage',
    whenExpired: 'account',
    // Issue 23: a credential of the employee's own.
    impersonation: 'blocked',
    tags,
  }),
}
