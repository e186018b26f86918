import {
  ZCustomerLoginRequest,
  ZCustomerLoginVerify,
  ZCustomerSession,
  ZEmployeeLogin,
  ZEmployeeSession,
  ZGlobalLogin,
  ZGlobalLoginStep,
  ZGlobalSession,
  ZImpersonate,
  ZOk,
  ZPasswordReset,
  ZRequestPasswordReset,
  ZSecondFactorCode,
  ZSecondFactorConfirmed,
  ZSecondFactorSetup,
} from '../auth'
import { defineEndpoint } from './define'
import { ZOrgRefParams } from './params'

const tags = ['authentication']

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
  /** Issue 23: the password, answered with the next step (code or set-up), never a session. */
  globalLogin: defineEndpoint({
    method: 'POST',
    path: '/global/authentication/login',
    body: ZGlobalLogin,
    response: ZGlobalLoginStep,
    public: true,
    tags: ['global'],
  }),
  /** … then the authenticator or a recovery code, with the step's token: the session. */
  globalLoginCode: defineEndpoint({
    method: 'POST',
    path: '/global/authentication/login/code',
    body: ZSecondFactorCode,
    response: ZGlobalSession,
    permissionNote: 'A global admin after their password, with the token of the code step.',
    tags: ['global'],
  }),
  /** … or, without a second factor yet, a new secret to set up (with the set-up step's token). */
  globalSecondFactorSetup: defineEndpoint({
    method: 'POST',
    path: '/global/authentication/second-factor/setup',
    response: ZSecondFactorSetup,
    permissionNote: 'A global admin after their password, with the token of the set-up step.',
    tags: ['global'],
  }),
  /** … confirmed by its first code: the session and the recovery codes. */
  globalSecondFactorConfirm: defineEndpoint({
    method: 'POST',
    path: '/global/authentication/second-factor/confirm',
    body: ZSecondFactorCode,
    response: ZSecondFactorConfirmed,
    permissionNote: 'A global admin after their password, with the token of the set-up step.',
    tags: ['global'],
  }),
  /**
   * A global admin acts as an employee (issue 23): a reason, a fresh code, 30 minutes at most;
   * an active employee who is no global admin.
   */
  impersonate: defineEndpoint({
    method: 'POST',
    path: '/global/authentication/impersonate',
    body: ZImpersonate,
    response: ZEmployeeSession,
    action: 'platform.manage',
    tags: ['global'],
  }),
  /** Ends the impersonation of the session calling (its own token); the employee is told by e-mail. */
  stopImpersonation: defineEndpoint({
    method: 'POST',
    path: '/global/authentication/impersonation/stop',
    response: ZOk,
    impersonation: 'allowed',
    permissionNote: 'The impersonation session itself.',
    tags: ['global'],
  }),
}
