import { eq, sql } from 'drizzle-orm'
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

/**
 * The push side of sync (ARCHITECTURE "Offline-first sync"). Each mutation, in seq order, runs in
 * its own transaction together with its ledger row, so a lost response never doubles a write:
 * the retry finds the ledger row and gets the stored answer. Rejections are recorded too, so a
 * retry gets the same answer. An unexpected error (database down) stops the batch and becomes a
 * 500: the client keeps the rest queued and retries; what was applied is already in the ledger.
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
  const results: MutationResult[] = []
  for (const m of [...request.mutations].sort((a, b) => a.seq - b.seq)) {
    // Every runner and service reads the write's times from the caller (services/when.ts):
    // corrected here once, for every entity alike.
    const happened = whenItHappened({ deviceWriteTime: m.at, deviceSendTime: request.sentAt, receivedAt })
    results.push(await db.transaction((tx) => applyOne(tx, { ...caller, happened }, m, features, opts.origin)))
    await yieldToOthers()
  }
  return { results, lastMutationSeq: await lastSeqOf(db, caller, request.clientId) }
}

/**
 * Between two mutations, let other requests in (issue 7 #9). On the embedded database every
 * query runs synchronously in this process and resolves as a microtask, so without a turn of the
 * event loop a long push never lets another user's request even be read; with it, each waits
 * at most one mutation. (The batch size is bounded too: contract/sync.ts PUSH_MAX_MUTATIONS.)
 */
const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve))

async function applyOne(
  tx: DbOrTx,
  caller: TenantCaller,
  m: Mutation,
  features: readonly PlanFeature[],
  origin?: PushOrigin,
): Promise<MutationResult> {
  // Text the database cannot store, or nesting too deep: refused before anything reads the args.
  const unreadable = findUnstorable(m.args, ['args'])
  const argsHash = hashArgs(m, unreadable)
  const [seen] = await tx
    .select()
    .from(syncLedger)
    .where(tenant(syncLedger, caller, eq(syncLedger.mutationId, m.id)))
  if (seen) {
    if (seen.argsHash !== argsHash || (seen.status === 'applied' && !storedFor(caller, seen.result)))
      return {
        id: m.id,
        seq: m.seq,
        status: 'conflict',
        code: 'MUTATION_CONFLICT',
        message: new AppError('MUTATION_CONFLICT').message,
      }
    return answer(m, { status: seen.status as Stored['status'], result: seen.result }, true)
  }

  const stored = unreadable
    ? { status: 'rejected' as const, result: validationError([unreadable]).toBody() }
    : await execute(tx, caller, m, features, origin)
  await tx.insert(syncLedger).values({
    mutationId: m.id,
    organisationId: caller.organisationId,
    clientId: caller.clientId ?? '',
    seq: m.seq,
    name: m.name,
    argsHash,
    status: stored.status,
    result: stored.result,
  })
  await tx
    .insert(syncClients)
    .values({ clientId: caller.clientId ?? '', organisationId: caller.organisationId, lastSeq: m.seq })
    .onConflictDoUpdate({
      target: [syncClients.organisationId, syncClients.clientId],
      set: { lastSeq: sql`greatest(${syncClients.lastSeq}, excluded.last_seq)`, updatedAt: new Date() },
      setWhere: tenant(syncClients, caller),
    })
  return answer(m, stored, false)
}

/** A customer is answered a stored result only when it is their own submission. */
function storedFor(caller: TenantCaller, result: unknown): boolean {
  if (caller.kind !== 'customer') return true
  return (result as { customerId?: unknown } | null)?.customerId === caller.customerId
}

async function execute(
  tx: DbOrTx,
  caller: TenantCaller,
  m: Mutation,
  features: readonly PlanFeature[],
  origin?: PushOrigin,
): Promise<Stored> {
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
    const result = await tx.transaction((sp) => runMutation(m.name, { caller, db: sp, args: parsed.data, origin }))
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
