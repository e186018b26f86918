import { z } from 'zod'
import { ZCustomer, ZCustomerConflict, ZCreateCustomer, ZUpdateCustomer } from './customers'
import { ZCreateSubmission, ZQuestionnaire, ZSubmission, ZUpdateAnswer } from './questionnaires'
import { ZSalon } from './salons'

/**
 * Version of the mutation/row shapes. Bumped when a mutation's args change incompatibly; the
 * server refuses pushes from clients it cannot understand (SCHEMA_VERSION_UNSUPPORTED).
 */
export const SYNC_SCHEMA_VERSION = 1

/**
 * Every synced mutation: its name and its args schema. The server applies each through the same
 * service function as the REST endpoint. Add new synced kinds here (one sync mechanism).
 */
export const MUTATIONS = {
  'customer.create': ZCreateCustomer.extend({ id: z.string().uuid() }),
  'customer.update': ZUpdateCustomer.extend({ id: z.string().uuid() }),
  'customerConflict.resolve': z.object({ id: z.string().uuid() }),
  /** Append-only; `id` is the submission's own client UUID, `salonId` the branch it was taken in. */
  'questionnaireSubmission.create': ZCreateSubmission.extend({ salonId: z.string().uuid() }),
  /** `id` is the submission whose answer changes (logged as answerUpdated). */
  'questionnaireSubmission.updateAnswer': ZUpdateAnswer.extend({ id: z.string().uuid(), salonId: z.string().uuid() }),
} as const
export type MutationName = keyof typeof MUTATIONS
export const ZMutationName = z.enum(Object.keys(MUTATIONS) as [MutationName, ...MutationName[]])

export const ZMutation = z.object({
  /** Client-made UUID; the idempotency key. */
  id: z.string().uuid(),
  /** Per-client monotonically increasing sequence number. */
  seq: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
  name: ZMutationName,
  args: z.unknown(),
})
export type Mutation = z.infer<typeof ZMutation>

/**
 * The most mutations one push may carry (issue 7 #9): bounds the work one request holds on the
 * server; the sync engine sends a longer outbox in chunks of this size, one after the other.
 */
export const PUSH_MAX_MUTATIONS = 100

export const ZPushRequest = z.object({
  clientId: z.string().min(8).max(100),
  schemaVersion: z.number().int(),
  mutations: z.array(ZMutation).max(PUSH_MAX_MUTATIONS),
})
export type PushRequest = z.infer<typeof ZPushRequest>

export const ZMutationResult = z.discriminatedUnion('status', [
  z.object({ id: z.string(), seq: z.number(), status: z.literal('applied'), result: z.unknown() }),
  z.object({ id: z.string(), seq: z.number(), status: z.literal('duplicate'), result: z.unknown() }),
  z.object({ id: z.string(), seq: z.number(), status: z.literal('conflict'), code: z.string(), message: z.string() }),
  z.object({
    id: z.string(),
    seq: z.number(),
    status: z.literal('rejected'),
    code: z.string(),
    message: z.string(),
    details: z.unknown().optional(),
  }),
])
export type MutationResult = z.infer<typeof ZMutationResult>

export const ZPushResponse = z.object({
  results: z.array(ZMutationResult),
  lastMutationSeq: z.number().int(),
})
export type PushResponse = z.infer<typeof ZPushResponse>

export const ZChangesQuery = z.object({
  since: z.coerce.number().int().nonnegative().default(0),
  limit: z.coerce.number().int().min(1).max(5000).default(1000),
  clientId: z.string().max(100).optional(),
})

/**
 * One changed row or tombstone. `entity` names the replica table it belongs to. Versions are unique
 * per organisation. A customer tombstone also means "no longer in this branch": delete the row
 * (and its conflicts); a tombstone for a row the replica never had is a no-op.
 */
export const ZChange = z.union([
  z.object({ entity: z.literal('customer'), version: z.number(), deleted: z.literal(false), row: ZCustomer }),
  z.object({ entity: z.literal('salon'), version: z.number(), deleted: z.literal(false), row: ZSalon }),
  z.object({
    entity: z.literal('customerConflict'),
    version: z.number(),
    deleted: z.literal(false),
    row: ZCustomerConflict,
  }),
  /** Questionnaires are organisation-wide: every branch's replica gets all of them. */
  z.object({ entity: z.literal('questionnaire'), version: z.number(), deleted: z.literal(false), row: ZQuestionnaire }),
  /** Submissions of this branch's customers (taken in any branch). */
  z.object({
    entity: z.literal('questionnaireSubmission'),
    version: z.number(),
    deleted: z.literal(false),
    row: ZSubmission,
  }),
  z.object({
    entity: z.enum(['customer', 'salon', 'customerConflict', 'questionnaire', 'questionnaireSubmission']),
    version: z.number(),
    deleted: z.literal(true),
    id: z.string(),
  }),
])
export type Change = z.infer<typeof ZChange>

export const ZChangesResponse = z.object({
  changes: z.array(ZChange),
  /** Cursor to pass as `since` next time. */
  cursor: z.number().int(),
  hasMore: z.boolean(),
  /**
   * The cursor is older than the server keeps tombstones for: this page is served from the
   * beginning; clear the replica (keep the outbox), apply this page and keep pulling from `cursor`.
   */
  reset: z.boolean(),
  /** Highest seq the server has recorded for this clientId (-1 if none). */
  lastMutationSeq: z.number().int(),
})
export type ChangesResponse = z.infer<typeof ZChangesResponse>
