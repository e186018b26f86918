import type { FetchFn } from '../../src/api/request'
import { ApiError } from '../../src/api/client'

/*
 * The sync engine's HTTP: the client's one request core (src/api/request.ts), with the fetch and
 * base address injected so the engine runs in a worker, in Node tests against a real server, and
 * in the benchmark. Same ApiError, status 0 = no connection or an answer cut off.
 */
export { type FetchFn, isTransient } from '../../src/api/request'

/** Where and as whom the engine calls: spread into every `call` of the engine. */
export type SyncHttp = { fetch: FetchFn; base: string; token: string | null }

/**
 * The organisation is read-only until a payment restores its subscription (issue 22), or until a
 * global admin reactivates it (issue 23, suspended): every write is refused, so the engine keeps
 * its whole queue as it is and only pulls.
 */
export const isSubscriptionExpired = (e: unknown): boolean =>
  e instanceof ApiError &&
  ((e.status === 402 && e.code === 'SUBSCRIPTION_EXPIRED') || (e.status === 423 && e.code === 'ORGANISATION_SUSPENDED'))
