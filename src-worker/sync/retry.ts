import { ApiError } from '../../src/api/client'

export type Backoff = { baseMs: number; maxMs: number }
export const DEFAULT_BACKOFF: Backoff = { baseMs: 1000, maxMs: 60_000 }

/**
 * A push the server has not answered after this long is aborted and retried (issue 21 #4: a hung
 * push showed "Sending…" until TCP gave up, minutes later). Safe to resend: the server's ledger
 * answers a mutation it already applied as `duplicate`. 30 s is far above a 100-mutation push on
 * a slow line (bench `submissions-sync-client`), so only a connection that is really stuck trips it.
 * The spec's "no time-out by default" (§9) is the UI's HTTP client; the sync worker has its own.
 */
export const PUSH_TIMEOUT_MS = 30_000

/**
 * The longest Retry-After the engine honours: the spec's too-many-requests wait (§9, 15 minutes).
 * A proxy asking for a day must not park a tablet's queue that long.
 */
export const MAX_RETRY_AFTER_MS = 15 * 60_000

/** A push aborted after PUSH_TIMEOUT_MS: no answer, like a lost connection (status 0), retried. */
export const timedOut = () => new ApiError(0, 'TIMEOUT', 'The server did not answer in time')

/**
 * How long to wait before the next attempt: exponential backoff with full jitter on its upper
 * half (many tablets coming back at once do not stampede), and never less than the server's
 * Retry-After (429/503), plus up to a second of jitter so the tablets it told the same date do
 * not all arrive in the same instant.
 */
export function retryDelay(attempt: number, error: unknown, backoff: Backoff, random: () => number): number {
  const exp = Math.min(backoff.maxMs, backoff.baseMs * 2 ** attempt)
  const jittered = exp / 2 + random() * (exp / 2)
  const after = error instanceof ApiError ? error.retryAfter : undefined
  if (after === undefined) return jittered
  const asked = Math.min(after * 1000, MAX_RETRY_AFTER_MS)
  return Math.max(jittered, asked + random() * 1000)
}
