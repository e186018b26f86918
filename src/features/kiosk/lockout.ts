/*
 * Guessing the hand-back PIN on the tablet: the first 5 wrong attempts are free, then every
 * further wrong attempt locks the screen for a delay that doubles (30 s, 1 min, 2 min … at most
 * 15 min). The state lives in IndexedDB (kiosk-db.ts) so a reload does not reset it; pure here so
 * the rule is unit-tested.
 */

export const FREE_ATTEMPTS = 5
export const FIRST_DELAY_MS = 30_000
export const MAX_DELAY_MS = 15 * 60_000

export type Lockout = { failures: number; lockedUntil: number | null }
export const NO_LOCKOUT: Lockout = { failures: 0, lockedUntil: null }

/** The lock after the n-th wrong attempt in a row (0 while attempts are still free). */
export function delayAfter(failures: number): number {
  if (failures < FREE_ATTEMPTS) return 0
  return Math.min(FIRST_DELAY_MS * 2 ** (failures - FREE_ATTEMPTS), MAX_DELAY_MS)
}

/** Milliseconds left before the next attempt is allowed (0: allowed now). */
export function remainingMs(state: Lockout, now: number): number {
  return state.lockedUntil && state.lockedUntil > now ? state.lockedUntil - now : 0
}

/** The state after a wrong attempt made at `now` (attempts made while locked are not counted). */
export function afterFailure(state: Lockout, now: number): Lockout {
  if (remainingMs(state, now) > 0) return state
  const failures = state.failures + 1
  const delay = delayAfter(failures)
  return { failures, lockedUntil: delay ? now + delay : null }
}

/** Wrong attempts left before the first lock. */
export const attemptsLeft = (state: Lockout) => Math.max(0, FREE_ATTEMPTS - state.failures)
