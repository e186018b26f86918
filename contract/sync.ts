import { z } from 'zod'
import { ZCustomerDocument, ZDocument, ZDocumentVersion } from './documents'
import { ZRespondDocumentMutation } from './documents/respond'
import { ZEmployee } from './employees'
import { ZRole } from './roles'
import { ZCreateComment, ZCustomerComment, ZUpdateComment } from './comments'
import { ZCustomer, ZCustomerConflict, ZCreateCustomer, ZUpdateCustomer } from './customers'
import { ZCreateSubmission, ZQuestionnaire, ZSubmission, ZUpdateAnswer } from './questionnaires'
import type { Action } from './policy'
import type { PlanFeature } from './subscriptions'
import { ZSalon } from './salons'
import { ZCustomField } from './custom-fields'
import { ZAdvice, ZAdviceCondition, ZAdviceGroup } from './advice'
import { ZDashboardConfiguration } from './dashboard'
import { ZSaveSkinAnalysis, ZSkinAnalysis } from './skin-analysis'
import { ZTrainingCertificate, ZTrainingCourseFull, ZTrainingProgress } from './trainings'
import { ZTrainingProgressInput } from './trainings/inputs'

/**
 * Version of the mutation/row shapes. Bumped when a mutation's args change incompatibly; the
 * server refuses pushes from clients it cannot understand (SCHEMA_VERSION_UNSUPPORTED).
 */
export const SYNC_SCHEMA_VERSION = 1

/**
 * One synced mutation: the entity it changes, its args schema, the policy action whose rules it
 * runs under (a customer may push it only if that action lets customers act), and its shape
 * version. A client stamps each outbox entry with `v` = the version it was written in; when the
 * args change, bump `version` and give `upgrade` (args of an older version → today's), so an
 * old tablet's outbox still applies after the server moved on. Without an upgrade for that
 * version the mutation is refused explicitly (rejected SCHEMA_VERSION_UNSUPPORTED), never lost.
 */
export type MutationDef<S extends z.ZodTypeAny = z.ZodTypeAny, E extends EntityName = EntityName> = {
  entity: E
  args: S
  action: Action
  version: number
  upgrade?: (args: unknown, from: number) => unknown
  /** Issue 22: the plan feature the change belongs to, as its REST endpoint's `feature`. */
  feature?: PlanFeature
}
const mutation = <S extends z.ZodTypeAny, E extends EntityName>(d: MutationDef<S, E>) => d

/**
 * Every synced mutation. The server applies each through the same service function as the REST
 * endpoint (server/services/sync/mutations.ts); the client's outbox args are typed from here
 * (src/local-db/registry.ts). Add new synced kinds here (one sync mechanism).
 */
export const MUTATIONS = {
  'customer.create': mutation({
    entity: 'customer',
    args: ZCreateCustomer.extend({ id: z.string().uuid() }),
    action: 'customers.manage',
    version: 1,
  }),
  'customer.update': mutation({
    entity: 'customer',
    args: ZUpdateCustomer.extend({ id: z.string().uuid() }),
    action: 'customers.manage',
    version: 1,
  }),
  'customerConflict.resolve': mutation({
    entity: 'customerConflict',
    args: z.object({ id: z.string().uuid() }),
    action: 'customers.manage',
    version: 1,
  }),
  /** Append-only; `id` is the submission's own client UUID, `salonId` the branch it was taken in. */
  'questionnaireSubmission.create': mutation({
    entity: 'questionnaireSubmission',
    args: ZCreateSubmission.extend({ salonId: z.string().uuid() }),
    action: 'submissions.take',
    version: 1,
  }),
  /** `id` is the submission whose answer changes (logged as answerUpdated). */
  'questionnaireSubmission.updateAnswer': mutation({
    entity: 'questionnaireSubmission',
    args: ZUpdateAnswer.extend({ id: z.string().uuid(), salonId: z.string().uuid() }),
    action: 'submissions.editAnswer',
    version: 1,
  }),
  /** Append-only on the comment's client UUID (issue 10): a second send answers the stored one. */
  'customerComment.create': mutation({
    entity: 'customerComment',
    args: ZCreateComment,
    action: 'customerComments.write',
    version: 1,
  }),
  /** `id` is the comment; `customerId` and `salonId` as the REST query carries them. */
  'customerComment.update': mutation({
    entity: 'customerComment',
    args: ZUpdateComment.extend({ id: z.string().uuid(), customerId: z.string().uuid(), salonId: z.string().uuid() }),
    action: 'customerComments.write',
    version: 1,
  }),
  'customerComment.delete': mutation({
    entity: 'customerComment',
    args: z.object({ id: z.string().uuid(), customerId: z.string().uuid(), salonId: z.string().uuid() }),
    action: 'customerComments.write',
    version: 1,
  }),
  /**
   * Progress in a training or manual segment (issue 24), recorded offline and merged on the server
   * so it never goes backwards (earliest start and completion win, the audio position only rises):
   * a replay, in any order and any number of times, changes nothing more.
   */
  'trainingProgress.record': mutation({
    entity: 'trainingProgress',
    /**
     * `id`: the progress row's, progressId(employee, segment) (contract/trainings), the same on every
     * device; `courseId`: the segment's course (the tablet shows course progress before the answer).
     */
    args: ZTrainingProgressInput.extend({ id: z.string().uuid(), courseId: z.string().uuid() }),
    action: 'trainings.read',
    version: 1,
  }),
  /** Append-only on the analysis's client UUID (issue 11): a second send answers the stored one. */
  'skinAnalysis.save': mutation({
    entity: 'skinAnalysis',
    args: ZSaveSkinAnalysis.extend({ customerId: z.string().uuid(), salonId: z.string().uuid() }),
    action: 'skinAnalysis.write',
    feature: 'skinAnalysis',
    version: 1,
  }),
  /**
   * A document answered on the salon's tablet, offline too (issue 12): seen, accepted or declined,
   * with `handOver` creating the customer document on the client's id when the consent form was
   * never sent. Idempotent on the customer document: one row and one evidence record, whatever
   * the order or number of pushes.
   */
  'customerDocument.respond': mutation({
    entity: 'customerDocument',
    args: ZRespondDocumentMutation,
    action: 'customerDocuments.respond',
    feature: 'documents',
    version: 1,
  }),
} as const satisfies Record<string, MutationDef>
export type MutationName = keyof typeof MUTATIONS
export const MUTATION_NAMES = Object.keys(MUTATIONS) as MutationName[]
export const ZMutationName = z.enum(MUTATION_NAMES as [MutationName, ...MutationName[]])
/** The args of mutation `N` as the client writes them (zod input: defaults may be left out). */
export type MutationArgs<N extends MutationName> = z.input<(typeof MUTATIONS)[N]['args']>
/** The entity mutation `N` changes. */
export type EntityOf<N extends MutationName> = (typeof MUTATIONS)[N]['entity']
/** The mutations of entity `E`. */
export type MutationsOf<E extends EntityName> = { [N in MutationName]: EntityOf<N> extends E ? N : never }[MutationName]
/** The args of mutation `N` after the server parsed them. */
export type ParsedMutationArgs<N extends MutationName> = z.output<(typeof MUTATIONS)[N]['args']>

export const ZMutation = z.object({
  /** Client-made UUID; the idempotency key. */
  id: z.string().uuid(),
  /** Per-client monotonically increasing sequence number. */
  seq: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
  name: ZMutationName,
  args: z.unknown(),
  /** The mutation's shape version it was written in (MUTATIONS[name].version); absent = 1. */
  v: z.number().int().min(1).optional(),
  /**
   * The device's clock when the change was made (the outbox entry's `createdAt`, stamped in one
   * place: src/local-db/outbox.ts). Never used as it is: with the push's `sentAt` the server
   * corrects it by the device's offset (server/services/when.ts) into when it happened; the
   * audit keeps it as reported. An unreadable one is dropped, never refusing the change.
   */
  at: z.string().datetime({ offset: true }).optional().catch(undefined),
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
  /**
   * The device's clock when it sent this push (ARCHITECTURE "Time"): the server's receipt time
   * minus this is the device's offset, which corrects every `at` of the batch. Absent (an older
   * app) or unreadable: the offset is unknown and the receipt is when the batch's work happened.
   */
  sentAt: z.string().datetime({ offset: true }).optional().catch(undefined),
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

/**
 * The synced entities (the feed's row kinds, one replica table each) and the shape version of
 * their rows. Each entity has its own cursor; a replica that does not know an entity (new in
 * this app version) or holds it in an older shape pulls that one entity from 0 and keeps the
 * rest. Bump `shape` when rows gain a field older replicas should fill in.
 */
export const ENTITIES = {
  /**
   * Shape 2 (issue 10): `customValues`, the organisation's custom fields. Shape 3 (issue 10,
   * delete and restore): replicas keep soft-deleted customers (marked) instead of dropping them,
   * so older replicas pull customers again to hold the ones they dropped.
   */
  customer: { shape: 3, row: ZCustomer },
  salon: { shape: 1, row: ZSalon },
  customerConflict: { shape: 1, row: ZCustomerConflict },
  /** The organisation's questionnaires, for those who may read them in the branch. */
  questionnaire: { shape: 1, row: ZQuestionnaire },
  /**
   * Submissions of this branch's customers (taken in any branch), with the questionnaire's name
   * as the REST list carries it (shape 2), so the customer file shows it to staff who may not
   * read questionnaires.
   */
  questionnaireSubmission: { shape: 2, row: ZSubmission.extend({ questionnaireName: z.string().nullable() }) },
  /**
   * The employees the reader may read (issue 9), each with the access roles of the branches the
   * reader may read employees in: the employees screen works offline.
   */
  employee: { shape: 1, row: ZEmployee },
  /** The organisation's roles (the roles screen and the role pickers, offline too). */
  role: { shape: 1, row: ZRole },
  /** Comments on this branch's customers (issue 10), as GET …/customer-comments lists them. */
  customerComment: { shape: 1, row: ZCustomerComment },
  /**
   * The organisation's custom fields (issue 10) for whoever reads customers: the drawer and the
   * list's columns work offline. Read offline, changed online only (no mutations).
   */
  customField: { shape: 1, row: ZCustomField },
  /**
   * A branch's Grow modules, their groups and conditions (issue 11), for whoever reads advice
   * there: the tablet chooses a customer's advice offline. Read offline, changed online only.
   */
  advice: { shape: 1, row: ZAdvice },
  adviceGroup: { shape: 1, row: ZAdviceGroup },
  adviceCondition: { shape: 1, row: ZAdviceCondition },
  /**
   * The branch's customer card configuration (issue 11), stored ones only (no row: the card uses
   * the provider's default, built on the tablet from the replica's questionnaires). Read offline,
   * changed online only.
   */
  dashboardConfiguration: { shape: 1, row: ZDashboardConfiguration },
  /** Skin analyses of this branch's customers (issue 11), as GET …/skin-analysis lists them. */
  skinAnalysis: { shape: 1, row: ZSkinAnalysis },
  /**
   * The organisation's documents and consent forms and their immutable versions (issue 12), for
   * whoever reads documents: the tablet hands a consent form over offline. Written online only.
   */
  document: { shape: 1, row: ZDocument },
  documentVersion: { shape: 1, row: ZDocumentVersion },
  /** Documents sent to this branch's customers, with status and evidence (issue 12). */
  customerDocument: { shape: 1, row: ZCustomerDocument },
  /**
   * The organisation's trainings shown to the reader (issue 24), each a whole course with its
   * modules and segments; an "in order" course's locked segments come without content, and the
   * course is sent again when the reader's progress opens the next one.
   */
  trainingCourse: { shape: 1, row: ZTrainingCourseFull },
  /** The reader's own progress in segments (issue 24), merged on the server so it never goes backwards. */
  trainingProgress: { shape: 1, row: ZTrainingProgress },
  /**
   * The reader's own certificates (issue 24), issued on the server when a progress write completes
   * a course; shown and listed offline (the PDF itself is downloaded online).
   */
  trainingCertificate: { shape: 1, row: ZTrainingCertificate },
} as const
export type EntityName = keyof typeof ENTITIES
export const ENTITY_NAMES = Object.keys(ENTITIES) as EntityName[]
export type EntityRow<E extends EntityName> = z.infer<(typeof ENTITIES)[E]['row']>

/** Per-entity cursors: entity → the last version of it the replica holds (0: nothing yet). */
export type Cursors = Partial<Record<EntityName, number>>

/** `cursors` travels as `customer:120,salon:98`; unknown entities are ignored (an older server). */
const ZCursorsParam = z
  .string()
  .max(2000)
  .regex(/^([A-Za-z]+:\d{1,16}(,[A-Za-z]+:\d{1,16})*)?$/)
  .transform((s): Cursors => {
    const out: Cursors = {}
    for (const part of s ? s.split(',') : []) {
      const [name, n] = part.split(':')
      if (name in ENTITIES) out[name as EntityName] = Number(n)
    }
    return out
  })
export const cursorsParam = (c: Cursors) =>
  Object.entries(c)
    .map(([k, v]) => `${k}:${v}`)
    .join(',')

export const ZChangesQuery = z.object({
  /** One cursor for every entity: what clients before per-entity cursors send (still served). */
  since: z.coerce.number().int().nonnegative().default(0),
  /** Per-entity cursors; when given, `since` is ignored. */
  cursors: ZCursorsParam.optional(),
  limit: z.coerce.number().int().min(1).max(5000).default(1000),
  clientId: z.string().max(100).optional(),
})

/** A change of entity `E` (distributes over a union of entities). */
export type ChangeOf<E extends EntityName> = E extends EntityName
  ?
      | { entity: E; version: number; deleted: false; row: EntityRow<E> }
      | { entity: E; version: number; deleted: true; id: string }
  : never

/**
 * One changed row or tombstone. `entity` names the replica table it belongs to. Versions are unique
 * per organisation. A customer tombstone also means "no longer in this branch": delete the row
 * (and its conflicts); a tombstone for a row the replica never had is a no-op.
 */
export type Change = ChangeOf<EntityName>
const changeSchemas = ENTITY_NAMES.flatMap((e) => [
  z.object({ entity: z.literal(e), version: z.number(), deleted: z.literal(false), row: ENTITIES[e].row }),
  z.object({ entity: z.literal(e), version: z.number(), deleted: z.literal(true), id: z.string() }),
])
export const ZChange = z.union(changeSchemas as unknown as [z.ZodTypeAny, z.ZodTypeAny]) as unknown as z.ZodType<Change>

export const ZChangesResponse = z.object({
  changes: z.array(ZChange),
  /** Single cursor to pass as `since` next time (clients before per-entity cursors). */
  cursor: z.number().int(),
  /** Every entity's cursor after this page: pass them as `cursors` next time. */
  cursors: z.record(z.string(), z.number().int()),
  /**
   * Entities this caller may not receive in this branch (the policy says no): the replica
   * empties their tables and keeps their cursor at 0, so they fill in if the right comes back.
   */
  withheld: z.array(z.string()),
  hasMore: z.boolean(),
  /**
   * A cursor is older than the server keeps tombstones for: this page is served from the
   * beginning; clear the replica (keep the outbox), apply this page and keep pulling.
   */
  reset: z.boolean(),
  /** Highest seq the server has recorded for this clientId (-1 if none). */
  lastMutationSeq: z.number().int(),
  /**
   * The caller's grants as the server read them for this request (`grantsFingerprint`): when it
   * differs from the fingerprint of the signed-in employee the client holds, their roles changed,
   * and the client fetches `/employees/me` again (issue 9: a change takes effect at the next
   * sync). Optional: servers before it send none; clients before it ignore it.
   */
  grants: z.string().optional(),
})
export type ChangesResponse = z.infer<typeof ZChangesResponse>

/**
 * A short fingerprint of an employee's grants (branch → permissions), the same on server
 * (`caller.grants`) and client (`EmployeeMe.salons`): sorted, then FNV-1a (two 32-bit halves).
 * Not a secret and not a security check: only "did my permissions change since I last asked?".
 */
export function grantsFingerprint(grants: Iterable<readonly [string, Iterable<string>]>): string {
  const text = [...grants]
    .map(([salonId, perms]) => `${salonId}:${[...perms].sort().join(',')}`)
    .sort()
    .join(';')
  let a = 0x811c9dc5
  let b = 0x01000193
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    a = Math.imul(a ^ c, 0x01000193) >>> 0
    b = Math.imul(b ^ c, 0x811c9dc5 | 1) >>> 0
  }
  return `${a.toString(16).padStart(8, '0')}${b.toString(16).padStart(8, '0')}`
}
