import { ZEmployeeSession, ZSetLanguage } from '../auth'
import { ZSetKioskPin } from '../kiosk'
import { defineEndpoint } from './define'
import { ZOrgRefParams } from './params'

const tags = ['employees']
/** The signed-in employee with fresh permissions per branch. */
export const ZEmployeeMe = ZEmployeeSession.shape.employee

export const employees = {
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
    tags,
  }),
}
