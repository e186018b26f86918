import { KIOSK_PIN_RE, type KioskVerifier } from '../../../contract/kiosk'
import { kioskDb } from './kiosk-db'
import { afterFailure, attemptsLeft, type Lockout, NO_LOCKOUT, remainingMs } from './lockout'
import { matchesVerifier } from './verifier'

export type UnlockResult = { ok: true } | { ok: false; lockedMs: number; attemptsLeft: number }

export async function readLockout(employeeId: string): Promise<Lockout> {
  const row = await kioskDb().lockouts.get(employeeId)
  return row ? { failures: row.failures, lockedUntil: row.lockedUntil } : NO_LOCKOUT
}

/**
 * Checks what staff typed on the hand-back screen, offline: digits are the PIN (a password always
 * has letters, spec §9), anything else the password. While locked nothing is checked at all.
 */
export async function unlockHandBack(opts: {
  employeeId: string
  pin: KioskVerifier | null | undefined
  secret: string
  now?: () => number
}): Promise<UnlockResult> {
  const now = opts.now ?? Date.now
  const state = await readLockout(opts.employeeId)
  const locked = remainingMs(state, now())
  if (locked > 0) return { ok: false, lockedMs: locked, attemptsLeft: 0 }

  const password = (await kioskDb().secrets.get(opts.employeeId))?.password
  const verifier = KIOSK_PIN_RE.test(opts.secret) ? opts.pin : password
  const ok = !!verifier && opts.secret.length > 0 && (await matchesVerifier(opts.secret, verifier))
  if (ok) {
    await kioskDb().lockouts.delete(opts.employeeId)
    return { ok: true }
  }
  const at = now()
  const next = afterFailure(await readLockout(opts.employeeId), at)
  await kioskDb().lockouts.put({ employeeId: opts.employeeId, ...next })
  return { ok: false, lockedMs: remainingMs(next, at), attemptsLeft: attemptsLeft(next) }
}

/** At password sign-in: keep a verifier of the password so it can open the hand-back screen offline. */
export async function rememberPasswordVerifier(employeeId: string, password: KioskVerifier) {
  await kioskDb().secrets.put({ employeeId, password })
}
