import { z } from 'zod'
import { msg } from './messages'

/** Kiosk PIN: 4 to 8 digits, typed on the tablet's number pad to take the tablet back. */
export const KIOSK_PIN_RE = /^\d{4,8}$/

/**
 * What a tablet needs to check a PIN or password with no connection: PBKDF2-SHA256 (WebCrypto
 * has it everywhere; Node's crypto gives the same bytes) with a per-employee random salt and a
 * high iteration count, so a copied verifier is slow to brute-force. Salt and hash are base64.
 */
export const KIOSK_VERIFIER_ALGORITHM = 'PBKDF2-SHA256'
/** OWASP 2023 guidance for PBKDF2-HMAC-SHA256; about a third of a second on a salon tablet. */
export const KIOSK_VERIFIER_ITERATIONS = 600_000
export const ZKioskVerifier = z.object({
  algorithm: z.literal(KIOSK_VERIFIER_ALGORITHM),
  salt: z.string(),
  iterations: z.number().int().positive(),
  hash: z.string(),
})
export type KioskVerifier = z.infer<typeof ZKioskVerifier>

/**
 * PUT /organisations/{org}/employees/me/pin: set or change (pin) or remove (pin null) the
 * employee's own kiosk PIN. The current password is asked every time, so a tablet left signed
 * in cannot be given a PIN by someone else.
 */
export const ZSetKioskPin = z.object({
  pin: z.string().trim().regex(KIOSK_PIN_RE, msg('kioskPin')).nullable(),
  currentPassword: z.string().min(1, msg('currentPassword')).max(200, msg('currentPassword')),
})
export type SetKioskPin = z.infer<typeof ZSetKioskPin>
