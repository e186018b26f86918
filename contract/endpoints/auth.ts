import { z } from 'zod'
import {
  ZCustomerLoginRequest,
  ZCustomerLoginVerify,
  ZCustomerSession,
  ZEmployeeLogin,
  ZEmployeeSession,
  ZGlobalLogin,
  ZGlobalSession,
  ZOk,
  ZPasswordReset,
  ZRequestPasswordReset,
} from '../auth'
import { defineEndpoint } from './define'
import { ZOrgRefParams } from './params'

const tags = ['authentication']
export const ZImpersonate = z.object({ employeeId: z.string().uuid() })

/** Sign-in, sign-out, password reset, customer code and the global admin's calls. */
export const auth = {
  /** Employee sign-in at /{slug}/admin (organisation named in the path). */
  loginInOrganisation: defineEndpoint({
    method: 'POST',
    path: '/organisations/:org/authentication/login',
    params: ZOrgRefParams,
    body: ZEmployeeLogin,
    response: ZEmployeeSession,
    public: true,
    tags,
  }),
  /** Employee sign-in at /admin (organisation found by e-mail). */
  login: defineEndpoint({
    method: 'POST',
    path: '/authentication/login',
    body: ZEmployeeLogin,
    response: ZEmployeeSession,
    public: true,
    tags,
  }),
  logout: defineEndpoint({ method: 'POST', path: '/authentication/logout', response: ZOk, tags }),
  requestPasswordResetInOrganisation: defineEndpoint({
    method: 'POST',
    path: '/organisations/:org/authentication/request-password-reset',
    params: ZOrgRefParams,
    body: ZRequestPasswordReset,
    response: ZOk,
    public: true,
    tags,
  }),
  requestPasswordReset: defineEndpoint({
    method: 'POST',
    path: '/authentication/request-password-reset',
    body: ZRequestPasswordReset,
    response: ZOk,
    public: true,
    tags,
  }),
  passwordResetInOrganisation: defineEndpoint({
    method: 'POST',
    path: '/organisations/:org/authentication/password-reset',
    params: ZOrgRefParams,
    body: ZPasswordReset,
    response: ZOk,
    public: true,
    tags,
  }),
  passwordReset: defineEndpoint({
    method: 'POST',
    path: '/authentication/password-reset',
    body: ZPasswordReset,
    response: ZOk,
    public: true,
    tags,
  }),
  /** Customer sign-in at /{slug}: a code by e-mail … */
  customerLoginRequest: defineEndpoint({
    method: 'POST',
    path: '/organisations/:org/authentication/customer-login-request',
    params: ZOrgRefParams,
    body: ZCustomerLoginRequest,
    response: ZOk,
    public: true,
    tags,
  }),
  /** … then verify it. */
  customerLoginVerify: defineEndpoint({
    method: 'POST',
    path: '/organisations/:org/authentication/customer-login-request/verify',
    params: ZOrgRefParams,
    body: ZCustomerLoginVerify,
    response: ZCustomerSession,
    public: true,
    tags,
  }),
  globalLogin: defineEndpoint({
    method: 'POST',
    path: '/global/authentication/login',
    body: ZGlobalLogin,
    response: ZGlobalSession,
    public: true,
    tags: ['global'],
  }),
  /** A global admin acts as an employee (short session). */
  impersonate: defineEndpoint({
    method: 'POST',
    path: '/global/authentication/impersonate',
    body: ZImpersonate,
    response: ZEmployeeSession,
    action: 'platform.manage',
    tags: ['global'],
  }),
}
