import { z } from 'zod'
import { msg } from './messages'
import { ZLanguage } from './enums'
import { ZKioskVerifier } from './kiosk'
import { ZPermission } from './permissions'
import { LOGIN_CODE_LENGTH, zEmail, zPassword } from './validation'

export const ZEmployeeLogin = z.object({
  email: zEmail,
  password: z.string().min(1, msg('required')).max(200),
})

/** Permissions the employee holds in one branch (roles are granted per branch). */
export const ZSalonAccess = z.object({
  salonId: z.string().uuid(),
  salonName: z.string(),
  permissions: z.array(ZPermission),
})

/** Stored in browser storage as `loggedInEmployeeUser` (spec §1). */
export const ZEmployeeSession = z.object({
  token: z.string(),
  expiresAt: z.string(),
  employee: z.object({
    id: z.string().uuid(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    language: ZLanguage,
    organisationId: z.string().uuid(),
    organisationSlug: z.string(),
    organisationName: z.string(),
    /**
     * Dialling region of the organisation's country (ISO 3166, e.g. "NL"): phone numbers typed
     * nationally are read in it and shown nationally when they belong to it. Optional: sessions
     * stored before it existed still parse.
     */
    phoneRegion: z.string().length(2).optional(),
    /**
     * Issue 21 #16: the owner confirmed their e-mail address, so the organisation may e-mail and
     * WhatsApp customers and invite employees. Optional: sessions stored before it existed parse
     * (the next refresh of /employees/me brings it).
     */
    emailConfirmed: z.boolean().optional(),
    /** Organisation-wide permissions (union over branches of org-level ones). */
    permissions: z.array(ZPermission),
    salons: z.array(ZSalonAccess),
    impersonatedBy: z.string().uuid().nullable().optional(),
    /** The own kiosk PIN's offline verifier (null: no PIN); never sent while impersonated. */
    kioskPin: ZKioskVerifier.nullable().optional(),
  }),
  /**
   * Issue 23: set while a global admin acts as this employee (the session is that impersonation):
   * who acts and why, for the banner on every staff screen. The session's `expiresAt` is its hard
   * end (30 minutes at most, never extended).
   */
  impersonation: z.object({ adminName: z.string(), reason: z.string() }).optional(),
})
export type EmployeeSession = z.infer<typeof ZEmployeeSession>
export type EmployeeMe = EmployeeSession['employee']

export const ZRequestPasswordReset = z.object({ email: zEmail })
export const ZPasswordReset = z.object({ token: z.string().min(10).max(200), password: zPassword })

export const ZCustomerLoginRequest = z.object({ email: zEmail, language: ZLanguage.optional() })
export const ZCustomerLoginVerify = z.object({
  email: zEmail,
  code: z.string().trim().toUpperCase().length(LOGIN_CODE_LENGTH, msg('loginCode')),
  /** The language the customer is using; stored as theirs when they have none yet (issue 11). */
  language: ZLanguage.optional(),
})
export const ZCustomerSession = z.object({
  token: z.string(),
  expiresAt: z.string(),
  customer: z.object({
    id: z.string().uuid(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    organisationId: z.string().uuid(),
  }),
})
export type CustomerSession = z.infer<typeof ZCustomerSession>

export const ZGlobalLogin = ZEmployeeLogin
export const ZGlobalSession = z.object({
  token: z.string(),
  expiresAt: z.string(),
  admin: z.object({ id: z.string().uuid(), email: z.string(), name: z.string() }),
})
export type GlobalSession = z.infer<typeof ZGlobalSession>

/**
 * Issue 23: the password alone never opens the global area. The sign-in answers the next step
 * with a short-lived token for it (sent as the bearer token of that step only):
 * - `code`: enter the authenticator code or a recovery code (`globalLoginCode`);
 * - `setup`: no second factor yet: set one up (`globalSecondFactorSetup`, then `…Confirm`).
 * Either ends in a `GlobalSession`.
 */
export const ZGlobalLoginStep = z.object({
  step: z.enum(['code', 'setup']),
  token: z.string(),
  expiresAt: z.string(),
})
export type GlobalLoginStep = z.infer<typeof ZGlobalLoginStep>

/** A 6-digit authenticator code (spaces allowed) or a recovery code (`abcde-fghij`). */
export const zSecondFactorCode = z
  .string()
  .transform((v) => v.replace(/[\s-]/g, '').toLowerCase())
  .pipe(z.string().regex(/^(\d{6}|[a-z0-9]{10})$/, msg('secondFactorCode')))
export const ZSecondFactorCode = z.object({ code: zSecondFactorCode })

/** The set-up: the secret as a QR code (PNG data URL of the otpauth URI) and as text. */
export const ZSecondFactorSetup = z.object({ secret: z.string(), uri: z.string(), qrCode: z.string() })
/** The confirmed set-up: the session, and the recovery codes (shown this once; only hashes kept). */
export const ZSecondFactorConfirmed = z.object({ session: ZGlobalSession, recoveryCodes: z.array(z.string()) })

/** Issue 23: longest an impersonation lasts (never extended), and the shortest reason. */
export const IMPERSONATION_MINUTES = 30
export const IMPERSONATION_REASON_MIN = 10
export const ZImpersonate = z.object({
  employeeId: z.string().uuid(),
  reason: z.string().trim().min(IMPERSONATION_REASON_MIN, msg('impersonationReason')).max(500),
  /** Step-up: a current authenticator code or an unused recovery code. */
  code: zSecondFactorCode,
})

export const ZSetLanguage = z.object({ language: ZLanguage })
/** Always-true answer so a reset request never reveals whether an e-mail address exists. */
export const ZOk = z.object({ ok: z.literal(true) })

/**
 * Response header on every request made with a live session: when that session now ends (ISO
 * time). Sessions slide while in use (server/auth/sessions.ts), so the end the sign-in answered
 * moves; the tablet keeps the latest to tell, offline, whether its sign-in still holds.
 */
export const SESSION_EXPIRES_HEADER = 'session-expires'
