import {
  type Cursors,
  cursorsParam,
  ENTITY_NAMES,
  type MutationResult,
  type PushRequest,
  PUSH_MAX_MUTATIONS,
  SYNC_SCHEMA_VERSION,
} from '../../contract/sync'
import { SESSION_EXPIRES_HEADER } from '../../contract/auth'
import { API, ApiError, call } from '../../src/api/client'
import type { ReplicaDb } from '../../src/local-db/db'
import { clientMutation, entityOf } from '../../src/local-db/registry'
import type { AccessLost, OutboxEntry, SyncState, SyncStatus } from '../../src/local-db/types'
import { uploadBatchPhotos, uploadPhoto } from './photo-upload'
import { applyPushResults } from './push-results'
import { MANUALS_CHECK_MS, refreshManuals } from './manuals'
import { applyChanges, clearEntities, prepareCursors } from './pull'
import { deviceNetwork, type NetworkSignal } from './network'
import { type Backoff, DEFAULT_BACKOFF, PUSH_TIMEOUT_MS, retryDelay, timedOut } from './retry'
import { type FetchFn, isSubscriptionExpired, isTransient, type SyncHttp } from './transport'

export type SyncEngineOptions = {
  db: ReplicaDb
  orgId: string
  salonId: string
  /** e.g. '/api' in the browser, 'http://127.0.0.1:1234/api' in tests. */
  apiBase: string
  fetch?: FetchFn
  /** Periodic pull while running (ms); 0 turns it off. */
  pullIntervalMs?: number
  /** Mutations per push request; at most the contract's PUSH_MAX_MUTATIONS (the server refuses more). */
  pushBatchSize?: number
  /** Feed rows per pull page (default PULL_PAGE_SIZE). */
  pullPageSize?: number
  backoff?: Backoff
  random?: () => number
  /** The device's network as it reports it (default: navigator.onLine and `online`). */
  network?: NetworkSignal
  /** A push unanswered after this long is aborted and retried (default PUSH_TIMEOUT_MS). */
  pushTimeoutMs?: number
  /**
   * false: push only. The customer area's replica holds the customer's own outbox and nothing
   * to pull (the changes feed is staff's: a branch's customers).
   */
  pull?: boolean
  /** How often the user manuals are checked after a pull (default MANUALS_CHECK_MS; 0: every pull). */
  manualsCheckMs?: number
}

/**
 * The client half of ARCHITECTURE "Offline-first sync": pushes the outbox in seq order, pulls the
 * changes feed into the replica, and writes its state to `meta.status` so every tab can show it.
 * Pure TypeScript over Dexie + fetch: runs in the sync worker, in Node tests and in the bench.
 */
export class SyncEngine {
  private token: string | null = null
  private running = false
  private cycle: Promise<void> | null = null
  private rerun = false
  private attempt = 0
  private retryTimer: ReturnType<typeof setTimeout> | null = null
  /** No request before this time (backoff, Retry-After): pings and the timer wait for it too. */
  private notBefore = 0
  private offOnline: (() => void) | null = null
  private pullTimer: ReturnType<typeof setInterval> | null = null
  private state: SyncState = 'idle'
  private readonly fetchFn: FetchFn
  private readonly at: { org: string; salon: string }
  private readonly network: NetworkSignal

  constructor(private readonly opts: SyncEngineOptions) {
    const raw: FetchFn = opts.fetch ?? ((input, init) => fetch(input, init))
    this.fetchFn = async (input, init) => {
      const res = await raw(input, init)
      await this.noteSessionEnd(res.headers.get(SESSION_EXPIRES_HEADER))
      return res
    }
    this.at = { org: opts.orgId, salon: opts.salonId }
    this.network = opts.network ?? deviceNetwork
  }

  /** Fetch, base and the current token for a call (src/api/request.ts). */
  private http(): SyncHttp {
    return { fetch: this.fetchFn, base: this.opts.apiBase, token: this.token }
  }

  /**
   * The session slides while in use (server/auth/sessions.ts): its latest end goes to meta, where
   * the app picks it up, so offline it knows whether its sign-in still holds (issue 21 #3).
   */
  private lastSessionEnd: string | null = null
  private async noteSessionEnd(end: string | null) {
    if (!end || end === this.lastSessionEnd) return
    this.lastSessionEnd = end
    await this.opts.db.setMeta('sessionExpiresAt', end).catch(() => undefined)
  }

  /** The session token, attached to each request when it is sent (never stored with mutations). */
  setToken(token: string | null) {
    const changed = token !== this.token
    this.token = token
    // A new sign-in after a 401 resumes the paused queue; a session that ended (token gone)
    // pauses it now, so the pill says a sign-in is needed at once, not at the next cycle.
    if (changed && this.running) void this.trigger()
  }

  start() {
    if (this.running) return
    this.running = true
    // The network is back: whatever we waited for (backoff of a lost connection) is over.
    this.offOnline = this.network.onOnline(() => {
      this.clearRetry()
      void this.trigger()
    })
    const every = this.opts.pullIntervalMs ?? 30_000
    if (every > 0) this.pullTimer = setInterval(() => void this.trigger(), every)
    void this.trigger()
  }

  stop() {
    this.running = false
    if (this.pullTimer) clearInterval(this.pullTimer)
    this.pullTimer = null
    this.clearRetry()
    this.offOnline?.()
    this.offOnline = null
  }

  private clearRetry() {
    if (this.retryTimer) clearTimeout(this.retryTimer)
    this.retryTimer = null
    this.notBefore = 0
    this.attempt = 0
  }

  /**
   * Runs one push-then-pull cycle (or queues one more after the running cycle, so a change made
   * while sending is never left waiting for the next timer). Resolves when the replica is quiet.
   */
  trigger(): Promise<void> {
    if (this.cycle) {
      this.rerun = true
      return this.cycle
    }
    this.cycle = (async () => {
      try {
        do {
          this.rerun = false
          await this.syncOnce()
        } while (this.rerun && this.state !== 'needsSignIn')
      } finally {
        this.cycle = null
      }
    })()
    return this.cycle
  }

  /** One full cycle; errors are turned into a state and, when transient, a retry with backoff. */
  async syncOnce(): Promise<SyncState> {
    if (!this.token) return this.setState('needsSignIn', null)
    // No network: send nothing and schedule nothing; the `online` event resumes (issue 21 #4).
    if (!this.network.isOnline()) return this.setState('offline', null)
    // Inside a backoff or a Retry-After: a local write or the periodic pull waits for its timer.
    if (Date.now() < this.notBefore) return this.state
    try {
      // An expired subscription refuses every push (issue 22): the queue stays as it is, and the
      // replica is still pulled (reads keep working). Each cycle (the periodic pull, a local
      // write, `online`) asks again, so a payment made elsewhere resumes sending by itself.
      const readOnly = await this.pushAll().then(
        () => null,
        (e: unknown) => {
          if (isSubscriptionExpired(e)) return e as ApiError
          throw e
        },
      )
      if (this.opts.pull !== false) {
        await this.pullAll()
        await this.checkManuals()
      }
      this.attempt = 0
      if (readOnly) return this.setState('readOnly', readOnly.message, true)
      return this.setState('idle', null, true)
    } catch (e) {
      return this.onFailure(e)
    }
  }

  private manualsCheckedAt = Number.NEGATIVE_INFINITY
  /** The next cycle asks for the user manuals whenever they were last checked. */
  checkManualsNow() {
    this.manualsCheckedAt = Number.NEGATIVE_INFINITY
  }
  /** The user manuals, read offline, are not in the feed (src-worker/sync/manuals.ts). */
  private async checkManuals() {
    if (Date.now() - this.manualsCheckedAt < (this.opts.manualsCheckMs ?? MANUALS_CHECK_MS)) return
    if (await refreshManuals(this.opts.db, this.http())) this.manualsCheckedAt = Date.now()
  }

  private async onFailure(e: unknown): Promise<SyncState> {
    if (e instanceof ApiError && e.status === 401) {
      // Paused until setToken() brings a new session; the outbox stays as it is.
      return this.setState('needsSignIn', e.message)
    }
    if (isAccessLost(e)) {
      // No role in this branch any more (or the branch is gone). The app reads this, fetches the
      // employee's branches again and drops this replica (src/features/sync/lost-branches.ts);
      // until then the engine keeps trying slowly, so a role given back resumes on its own.
      const lost: AccessLost = { code: e.code, at: new Date().toISOString() }
      if (!(await this.opts.db.getMeta<AccessLost>('accessLost'))) await this.opts.db.setMeta('accessLost', lost)
    } else if (!isTransient(e)) console.warn('sync failed', e)
    const lostConnection = e instanceof ApiError && e.status === 0
    const state: SyncState = lostConnection && (e as ApiError).code !== 'TIMEOUT' ? 'offline' : 'error'
    // The device says it has no network: the `online` event brings us back, not a timer.
    if (lostConnection && !this.network.isOnline()) this.notBefore = 0
    else this.scheduleRetry(e)
    return this.setState(state, e instanceof Error ? e.message : String(e))
  }

  /** Backoff with jitter, at least the server's Retry-After (src-worker/sync/retry.ts). */
  private scheduleRetry(e: unknown) {
    if (!this.running || this.retryTimer) return
    const delay = retryDelay(this.attempt, e, this.opts.backoff ?? DEFAULT_BACKOFF, this.opts.random ?? Math.random)
    this.attempt++
    this.notBefore = Date.now() + delay
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null
      this.notBefore = 0
      void this.trigger()
    }, delay)
  }

  private async setState(state: SyncState, message: string | null, synced = false): Promise<SyncState> {
    this.state = state
    const prev = (await this.opts.db.getMeta<SyncStatus>('status')) ?? null
    const status: SyncStatus = {
      state,
      message,
      lastSyncAt: synced ? new Date().toISOString() : (prev?.lastSyncAt ?? null),
    }
    await this.opts.db.setMeta('status', status)
    return state
  }

  /** Sends queued entries in seq order, in batches, until none are left. */
  async pushAll() {
    const { db } = this.opts
    const clientId = await db.clientId()
    for (;;) {
      const batch = oneChangePerRow(
        await db.outbox
          .orderBy('seq')
          .filter((e) => e.status === 'queued')
          .limit(Math.min(this.opts.pushBatchSize ?? PUSH_MAX_MUTATIONS, PUSH_MAX_MUTATIONS))
          .toArray(),
      )
      if (batch.length === 0) return
      await this.setState('sending', null)
      // Photos first: the mutation must reach the server carrying storage paths, not local ones.
      const ready = await uploadBatchPhotos(db, batch, (photo) => uploadPhoto(this.http(), this.opts.orgId, photo))
      if (ready.length === 0) continue
      const res = await this.push(clientId, ready).catch((e: unknown) => {
        if (isRefusedPush(e)) return null
        throw e
      })
      if (res === null) {
        // The server refused the push as a whole (an entry it cannot even read: a malformed id,
        // a mutation of a shape it no longer knows). Retrying the same batch would block the
        // queue forever; one at a time, the unreadable entry is refused on its own and marked
        // for staff, and everything around it is sent.
        await this.pushOneByOne(clientId, ready)
        continue
      }
      const settled = await applyPushResults(db, ready, res.results as MutationResult[])
      await db.setMeta('lastAckSeq', res.lastMutationSeq)
      // A server that answered without settling anything would loop us forever: stop here.
      if (settled === 0) return
    }
  }

  private push(clientId: string, entries: OutboxEntry[]) {
    const body: PushRequest = {
      clientId,
      schemaVersion: SYNC_SCHEMA_VERSION,
      mutations: entries.map((e) => ({
        id: e.id,
        seq: e.seq!,
        name: e.name,
        args: e.args,
        ...(e.v ? { v: e.v } : {}),
        // The device's clock at the write (src/local-db/outbox.ts stamps it)...
        ...(e.createdAt ? { at: e.createdAt } : {}),
      })),
      // ...and at sending: the server derives this device's offset from it and dates the work
      // when it happened, by its own clock (ARCHITECTURE "Time"; server/services/when.ts).
      sentAt: new Date().toISOString(),
    }
    return this.withTimeout((signal) => call(API.sync.push, { ...this.http(), params: this.at, body, signal }))
  }

  /** Aborts a request the server leaves unanswered; the abort becomes a retryable TIMEOUT. */
  private async withTimeout<T>(run: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const abort = new AbortController()
    const timer = setTimeout(() => abort.abort(), this.opts.pushTimeoutMs ?? PUSH_TIMEOUT_MS)
    try {
      return await run(abort.signal)
    } catch (e) {
      if (abort.signal.aborted) throw timedOut()
      throw e
    } finally {
      clearTimeout(timer)
    }
  }

  private async pushOneByOne(clientId: string, entries: OutboxEntry[]) {
    const { db } = this.opts
    for (const entry of entries) {
      try {
        const res = await this.push(clientId, [entry])
        await applyPushResults(db, [entry], res.results as MutationResult[])
        await db.setMeta('lastAckSeq', res.lastMutationSeq)
      } catch (e) {
        if (!isRefusedPush(e)) throw e
        const { code, message, details } = e as ApiError
        await applyPushResults(
          db,
          [entry],
          [{ id: entry.id, seq: entry.seq!, status: 'rejected', code, message, details }],
        )
      }
    }
  }

  /**
   * Pulls the changes feed from the stored per-entity cursors until the server has nothing more.
   * The next page is fetched while the current one is written, so network and IndexedDB overlap
   * (a fresh tablet's first pull of a big salon is the slow case).
   */
  async pullAll() {
    const { db } = this.opts
    const clientId = await db.clientId()
    const limit = this.opts.pullPageSize ?? PULL_PAGE_SIZE
    const fetchPage = (cursors: Cursors) => {
      const query = { cursors: cursorsParam(cursors), limit, clientId }
      const p = call(API.sync.changes, { ...this.http(), params: this.at, query })
      p.catch(() => undefined) // awaited below; this only keeps an early failure from going unhandled
      return p
    }
    let cursors = await prepareCursors(db)
    let next = fetchPage(cursors)
    for (;;) {
      const page = await next
      // The branch answers again: whatever refused us before is over.
      if (await db.getMeta<AccessLost>('accessLost')) await db.meta.delete('accessLost')
      if (page.reset && Object.values(cursors).some((c) => c > 0)) {
        await clearEntities(db, ENTITY_NAMES)
        cursors = await prepareCursors(db)
        next = fetchPage(cursors)
        continue
      }
      if (page.hasMore) next = fetchPage(page.cursors as Cursors)
      await applyChanges(db, page)
      if (!page.hasMore) return
      cursors = page.cursors as Cursors
    }
  }
}

/**
 * Feed rows per pull page: the most the changes feed gives (contract `changes` query, max 5000).
 * Each page is one fetch and one replica transaction, and every committed page re-runs the
 * screens' live queries over the growing tables, so a fresh tablet's first pull of a big salon
 * (issue 25: 100,000 customers) goes in as few pages as the server allows.
 */
export const PULL_PAGE_SIZE = 5000

/**
 * The branch itself refused this person: no role there any more (FORBIDDEN) or the branch is gone
 * (SALON_NOT_FOUND). Entries the server refuses one by one come back as push results, not here.
 */
const isAccessLost = (e: unknown): e is ApiError =>
  e instanceof ApiError &&
  ((e.status === 403 && e.code === 'FORBIDDEN') || (e.status === 404 && e.code === 'SALON_NOT_FOUND'))

/**
 * A push the server refused as a whole, for what it carries: the same body will never be taken
 * (unlike a lost connection, 401, 429 or 5xx, which are retried as they are).
 */
const isRefusedPush = (e: unknown): e is ApiError =>
  e instanceof ApiError && (e.status === 400 || e.status === 413 || e.status === 422)

/**
 * Cuts a batch before the second change of one row, for mutations that build on the change before
 * them (`oneAtATime` in the client registry: customer edits). If the server refuses the first,
 * the next must not reach it in the same batch (it would be measured against a value the server
 * never had and logged as a false clash). Waiting for the answer lets a refusal fold the later
 * edits into the refused one (push-results). The batch stays a prefix in seq order, which the
 * server's per-client seq needs.
 */
export function oneChangePerRow(batch: OutboxEntry[]): OutboxEntry[] {
  const seen = new Set<string>()
  for (let i = 0; i < batch.length; i++) {
    const e = batch[i]
    if (!clientMutation(e).oneAtATime) continue
    const key = `${entityOf(e) ?? e.name}:${e.entityId}`
    if (seen.has(key)) return batch.slice(0, i)
    seen.add(key)
  }
  return batch
}
