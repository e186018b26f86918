import { inArray, sql } from 'drizzle-orm'
import type { Mutation, MutationResult, PushRequest, PushResponse } from '../../../contract/sync'
import { MUTATIONS, SYNC_SCHEMA_VERSION } from '../../../contract/sync'
import type { DbOrTx } from '../../db/client'
import { syncClients, syncLedger } from '../../db/schema'
import { FIELD_CODES, type FieldError } from '../../../contract/errors'
import { isPermanentDataError } from '../../db/errors'
import { AppError, validationError } from '../../errors'
import { toFieldError } from '../../lib/field-errors'
import { findUnstorable } from '../../lib/storable-input'
import { stableHash } from '../../lib/stable-hash'
import { tenant } from '../../scope'
import { authorizeInBranch, type TenantCaller } from '../../auth/caller'
import { assertReplicaAccess, lastSeqOf } from './changes'
import { allows, type Caller, permissionFor } from '../../../contract/policy'
import { argsSchema, currentArgs, mayPush, runMutation } from './mutations'
import type { PushOrigin } from './entity'
import { type Memo, newMemo } from './memo'
import { whenItHappened } from '../when'
import { notInPlan, writableFeatures } from '../billing/limits'
import type { PlanFeature } from '../../../contract/subscriptions'

/**
 * Args nested too deep to hash (stableHash recurses) hash by name alone: they are refused
 * whatever they hold, so every such retry answers the same stored rejection.
 */
const hashArgs = (m: Mutation, unreadable: FieldError | null) =>
  stableHash(
    unreadable?.code === FIELD_CODES.tooDeep
      ? { name: m.name, tooDeep: true }
      : { name: m.name, args: m.args ?? null, ...(m.v && m.v > 1 ? { v: m.v } : {}) },
  )

type Stored = { status: 'applied' | 'rejected'; result: unknown }
type RejectedBody = { code: string; message: string; details?: unknown }

/** A ledger row as the push reads and writes it. */
type LedgerEntry = Stored & { argsHash: string }
type LedgerRow = typeof syncLedger.$inferInsert

/**
 * How much of a push one transaction holds (issue 25): at most this many mutations, and no more
 * once it has run this long. Per mutation, a transaction of its own and its own ledger and
 * client rows were most of the statements of a push (500 queued submissions took 9–12 s on the
 * embedded database); the time bound keeps what issue 7 #9 asked: another tenant's request waits
 * for one short transaction at most, never for the whole push.
 */
const CHUNK_MUTATIONS = 100
const CHUNK_MS = 100

/**
 * The push side of sync (ARCHITECTURE "Offline-first sync"). Mutations run in seq order, a few at
 * a time in one transaction (CHUNK_*), each with its ledger row in that same transaction, so a
 * lost response never doubles a write: the retry finds the ledger row and gets the stored answer.
 * Each service runs in a savepoint, so a rejection undoes only its own mutation and is recorded
 * too: a retry gets the same answer. An unexpected error (database down) rolls back the
 * transaction at work and becomes a 500: the client keeps the rest queued and retries; what
 * earlier transactions applied is already in the ledger.
 */
export async function pushMutations(opts: {
  caller: Caller
  db: DbOrTx
  salonId: string
  request: PushRequest
  /** The request's storage folder, IP address and user agent (consent evidence, issue 12). */
  origin?: PushOrigin
  /** When the request arrived (the route's receipt time); now when not given. */
  receivedAt?: Date
  /** How much one transaction holds (CHUNK_*); tests set one mutation to fail between two. */
  chunk?: { mutations: number; ms: number }
}): Promise<PushResponse> {
  const { db, request } = opts
  if (request.schemaVersion !== SYNC_SCHEMA_VERSION)
    throw new AppError('SCHEMA_VERSION_UNSUPPORTED', { supported: SYNC_SCHEMA_VERSION })
  if (opts.caller.kind === 'globalAdmin') throw new AppError('FORBIDDEN')
  // The device that sent the batch goes with the caller: the customer conflict log records it.
  const caller: TenantCaller = { ...opts.caller, clientId: request.clientId }
  // A customer acts only in a branch they belong to; elsewhere it does not exist for them.
  if (caller.kind === 'customer') await authorizeInBranch(db, caller, 'submissions.take', opts.salonId)
  else await assertReplicaAccess(db, caller, opts.salonId)

  // One receipt time for the batch: the device's offset is its send time against this.
  const receivedAt = opts.receivedAt ?? new Date()
  // Issue 22: an expired organisation is read-only. The whole push is refused (402) before the
  // ledger sees anything, so nothing is recorded as refused: the tablet keeps its queue and sends
  // it as it is once a payment restores the subscription (src-worker/sync/engine.ts).
  const features = await writableFeatures(db, caller.organisationId, receivedAt)
  const bound = opts.chunk ?? { mutations: CHUNK_MUTATIONS, ms: CHUNK_MS }
  const pending = [...request.mutations].sort((a, b) => a.seq - b.seq)
  const results: MutationResult[] = []
  while (pending.length) {
    const chunk = pending.slice(0, bound.mutations)
    const done = await db.transaction(async (tx) => {
      // One push of a device at a time: a resend racing the original (its answer timed out on the
      // tablet while the server still worked) waits here, then reads the original's ledger rows
      // and answers them as duplicates. Without it both missed the ledger, and the second failed
      // on its keys (a 400/500 the tablet had to retry).
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtextextended(${`sync-push:${caller.organisationId}:${caller.clientId ?? ''}`}, 0))`,
      )
      const ledger = await ledgerOf(tx, caller, chunk)
      const written: LedgerRow[] = []
      const answered: MutationResult[] = []
      const started = performance.now()
      let memo = newMemo()
      for (const m of chunk) {
        if (answered.length && m.name !== chunk[answered.length - 1].name) memo = newMemo()
        // Every runner and service reads the write's times from the caller (services/when.ts):
        // corrected here once, for every entity alike.
        const happened = whenItHappened({ deviceWriteTime: m.at, deviceSendTime: request.sentAt, receivedAt })
        const run = { caller: { ...caller, happened }, features, memo, origin: opts.origin }
        answered.push(await applyOne(tx, run, m, ledger, written))
        if (performance.now() - started >= bound.ms) break
      }
      await record(tx, caller, written)
      return answered
    })
    results.push(...done)
    pending.splice(0, done.length)
    if (pending.length) await yieldToOthers()
  }
  return { results, lastMutationSeq: await lastSeqOf(db, caller, request.clientId) }
}

/**
 * Between two transactions, let other requests in (issue 7 #9). On the embedded database every
 * query runs synchronously in this process and resolves as a microtask, so without a turn of the
 * event loop a long push never lets another user's request even be read; with it, each waits
 * at most one transaction (CHUNK_MS). (The batch size is bounded too: contract/sync.ts PUSH_MAX_MUTATIONS.)
 */
const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve))

/** The ledger rows of these mutation ids already recorded (a retry), in one read. */
async function ledgerOf(tx: DbOrTx, caller: TenantCaller, chunk: Mutation[]): Promise<Map<string, LedgerEntry>> {
  const rows = await tx
    .select({
      mutationId: syncLedger.mutationId,
      argsHash: syncLedger.argsHash,
      status: syncLedger.status,
      result: syncLedger.result,
    })
    .from(syncLedger)
    .where(tenant(syncLedger, caller, inArray(syncLedger.mutationId, [...new Set(chunk.map((m) => m.id))])))
  return new Map(
    rows.map((r) => [r.mutationId, { argsHash: r.argsHash, status: r.status as Stored['status'], result: r.result }]),
  )
}

/** The transaction's new ledger rows in one insert, and the device's last seq once. */
async function record(tx: DbOrTx, caller: TenantCaller, written: LedgerRow[]) {
  if (!written.length) return
  await tx.insert(syncLedger).values(written)
  await tx
    .insert(syncClients)
    .values({
      clientId: caller.clientId ?? '',
      organisationId: caller.organisationId,
      lastSeq: Math.max(...written.map((w) => w.seq)),
    })
    .onConflictDoUpdate({
      target: [syncClients.organisationId, syncClients.clientId],
      set: { lastSeq: sql`greatest(${syncClients.lastSeq}, excluded.last_seq)`, updatedAt: new Date() },
      setWhere: tenant(syncClients, caller),
    })
}

/** What every mutation of the push runs with: its caller (with its times), the plan, the shared reads. */
type Run = { caller: TenantCaller; features: readonly PlanFeature[]; memo: Memo; origin?: PushOrigin }

async function applyOne(
  tx: DbOrTx,
  run: Run,
  m: Mutation,
  ledger: Map<string, LedgerEntry>,
  written: LedgerRow[],
): Promise<MutationResult> {
  const { caller } = run
  // Text the database cannot store, or nesting too deep: refused before anything reads the args.
  const unreadable = findUnstorable(m.args, ['args'])
  const argsHash = hashArgs(m, unreadable)
  const seen = ledger.get(m.id)
  if (seen) {
    if (seen.argsHash !== argsHash || (seen.status === 'applied' && !storedFor(caller, seen.result)))
      return {
        id: m.id,
        seq: m.seq,
        status: 'conflict',
        code: 'MUTATION_CONFLICT',
        message: new AppError('MUTATION_CONFLICT').message,
      }
    return answer(m, seen, true)
  }

  const stored = unreadable
    ? { status: 'rejected' as const, result: validationError([unreadable]).toBody() }
    : await execute(tx, run, m)
  // The same id again later in this push is a repeat of this one (written with the others at the end).
  ledger.set(m.id, { ...stored, argsHash })
  written.push({
    mutationId: m.id,
    organisationId: caller.organisationId,
    clientId: caller.clientId ?? '',
    seq: m.seq,
    name: m.name,
    argsHash,
    status: stored.status,
    result: stored.result,
  })
  return answer(m, stored, false)
}

/** A customer is answered a stored result only when it is their own submission. */
function storedFor(caller: TenantCaller, result: unknown): boolean {
  if (caller.kind !== 'customer') return true
  return (result as { customerId?: unknown } | null)?.customerId === caller.customerId
}

async function execute(tx: DbOrTx, run: Run, m: Mutation): Promise<Stored> {
  const { caller, features, memo, origin } = run
  if (!mayPush(caller, m.name)) return { status: 'rejected', result: new AppError('FORBIDDEN').toBody() }
  // Issue 22: a change of a feature outside the plan (made offline before a downgrade), as its
  // REST endpoint answers. Refused and kept on the tablet (needs attention: send again after an
  // upgrade, under a new id, or discard).
  const { feature } = MUTATIONS[m.name] as { feature?: PlanFeature }
  if (feature && !features.includes(feature)) return { status: 'rejected', result: notInPlan(feature).toBody() }
  // An employee who may do this kind of change in no branch (a right taken away while the entry
  // waited on the tablet, issue 9) is told which permission is missing, before any row is read:
  // "customer not found" would be untrue, and nothing about the row is revealed either way.
  if (caller.kind === 'employee' && !allows(caller, MUTATIONS[m.name].action)) {
    const permission = permissionFor(MUTATIONS[m.name].action)
    return { status: 'rejected', result: new AppError('FORBIDDEN', permission ? { permission } : undefined).toBody() }
  }
  let args: unknown
  try {
    args = currentArgs(m)
  } catch (err) {
    if (err instanceof AppError) return { status: 'rejected', result: err.toBody() }
    throw err
  }
  const parsed = argsSchema(m.name).safeParse(args)
  if (!parsed.success) {
    return { status: 'rejected', result: validationError(parsed.error.issues.map(toFieldError)).toBody() }
  }
  try {
    // Savepoint: a rejected mutation leaves no trace but its ledger row.
    const result = await tx.transaction((sp) =>
      runMutation(m.name, { caller, db: sp, args: parsed.data, origin, memo }),
    )
    return { status: 'applied', result: result ?? null }
  } catch (err) {
    if (err instanceof AppError) return { status: 'rejected', result: err.toBody() }
    // The database refused the data itself (server/db/errors.ts): a retry fails the same way, so
    // it is recorded as rejected and the client's queue moves on instead of resending it forever.
    if (isPermanentDataError(err)) return { status: 'rejected', result: new AppError('VALIDATION_FAILED').toBody() }
    throw err
  }
}

function answer(m: Mutation, s: Stored, repeated: boolean): MutationResult {
  if (s.status === 'rejected') {
    const r = s.result as RejectedBody
    return { id: m.id, seq: m.seq, status: 'rejected', code: r.code, message: r.message, details: r.details }
  }
  return { id: m.id, seq: m.seq, status: repeated ? 'duplicate' : 'applied', result: s.result }
}
