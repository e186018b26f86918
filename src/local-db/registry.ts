import type { Table } from 'dexie'
import type { CustomerComment } from '../../contract/comments'
import { STORAGE_BASE } from '../api/request'
import type { Customer, CustomerConflict } from '../../contract/customers'
import type { Answer, Submission } from '../../contract/questionnaires'
import {
  type ChangeOf,
  type EntityName,
  type EntityOf,
  type EntityRow,
  MUTATIONS,
  type MutationName,
} from '../../contract/sync'
import { commentFromCreate, dropCommentsOf, putServerComments, rebuildComments } from './comments'
import type { ReplicaDb } from './db'
import { overlayCustomValues } from './custom-values-overlay'
import { foldIntoRefusedCreate, foldIntoRefusedUpdate, retryCreate } from './mutations'
import { customerFromCreate, rebuildConflictOverlay, rebuildCustomers, withFullName } from './overlay'
import { putServerSubmissions, rebuildSubmissions, submissionFromCreate } from './submissions'
import type { OutboxEntry, OutboxEntryOf } from './types'
import type { SkinAnalysis } from '../../contract/skin-analysis'
import {
  dropCustomerDocumentsOf,
  overlayResponse,
  putServerCustomerDocuments,
  rebuildCustomerDocuments,
} from './customer-documents'
import type { CustomerDocument } from '../../contract/documents'
import { analysisFromSave, dropSkinAnalysesOf, putServerSkinAnalyses, rebuildSkinAnalyses } from './skin-analyses'

/*
 * The client side of the sync registry (server side: server/services/sync/registry.ts). Each
 * synced entity declares its replica tables and how a page of the feed is written into them;
 * each mutation declares how it shows on its row before the server has it (overlay), what the
 * server's answer settles and what a refusal means. The engine, the push results and the outbox
 * helpers dispatch through these maps and never compare mutation names.
 */

/** The client half of one synced entity. */
export type ClientEntity<E extends EntityName> = {
  /** Its replica tables: emptied when the entity is pulled again from 0 or withheld. */
  tables: (db: ReplicaDb) => Table[]
  /** Writes one page's changes of this entity (inside the pull's transaction). */
  apply: (db: ReplicaDb, changes: ChangeOf<E>[]) => Promise<void>
  /** Recomputes the visible rows of `ids` from the server copy + unsent entries. */
  rebuild: (db: ReplicaDb, ids: string[]) => Promise<void>
}

/** The row an entity's unsent entries replay over (the server copy, as the screens see it). */
type RowOf<N extends MutationName> = EntityRow<EntityOf<N>>

/** The client half of one synced mutation. */
export type ClientMutation<N extends MutationName> = {
  /** The entry shown on its row before the server has it (undefined: no row yet). */
  overlay: (row: RowOf<N> | undefined, e: OutboxEntryOf<N>) => RowOf<N> | undefined
  /** The server applied it (or had already): store what it answered. */
  settle: (db: ReplicaDb, e: OutboxEntryOf<N>, result: unknown, touch: (entityId: string) => void) => Promise<void>
  /**
   * What a refusal means beyond "needs attention" (the entry stays for staff in any case): e.g.
   * later changes of the same customer fold into the refused one.
   */
  refused?: (db: ReplicaDb, e: OutboxEntryOf<N>) => Promise<void>
  /** Sent again by staff: true when handled here (else: the same entry under a new id). */
  retry?: (db: ReplicaDb, e: OutboxEntryOf<N>, opts: { assignExisting?: boolean }) => Promise<boolean>
  /** The entry makes its row (nothing of it on the server before). */
  createsRow?: boolean
  /** Dropped by staff: undo what showed on the row beyond the replayed overlay. */
  discarded?: (db: ReplicaDb, e: OutboxEntryOf<N>) => Promise<void>
  /**
   * Based on the change before it on the same row: never two of the same row in one push, so a
   * refusal of the first reaches the client before the second is sent (engine.ts).
   */
  oneAtATime?: boolean
}

const putOrDelete = async <E extends EntityName>(table: Table, changes: ChangeOf<E>[]) => {
  for (const c of changes) {
    if (c.deleted) await table.delete(c.id)
    else await table.put(c.row)
  }
}

export const CLIENT_ENTITIES: { [E in EntityName]: ClientEntity<E> } = {
  customer: {
    tables: (db) => [db.customers, db.serverCustomers],
    async apply(db, changes) {
      // Soft-deleted customers stay (marked `deleted`): the include-deleted filter shows them and
      // they can be restored offline; lists and pickers leave them out (local-db/queries.ts).
      // Only each customer's latest change counts: one who left this branch and came back
      // arrives in one page as a tombstone (the departure) followed by the row again.
      const latest = new Map<string, (typeof changes)[number]>()
      for (const c of [...changes].sort((a, b) => a.version - b.version)) latest.set(c.deleted ? c.id : c.row.id, c)
      const alive: Customer[] = []
      const gone: string[] = []
      for (const c of latest.values()) {
        if (c.deleted) gone.push(c.id)
        else alive.push(c.row)
      }
      if (alive.length) await db.serverCustomers.bulkPut(alive)
      if (gone.length) {
        await db.serverCustomers.bulkDelete(gone)
        await dropCustomerData(db, gone)
      }
      // Rows with unsent changes: server copy + pending entries replayed on top.
      await rebuildCustomers(db, [...alive.map((c) => c.id), ...gone])
    },
    rebuild: (db, ids) => rebuildCustomers(db, ids),
  },
  salon: {
    tables: (db) => [db.salons],
    apply: (db, changes) => putOrDelete(db.salons, changes),
    rebuild: async () => undefined,
  },
  // The team is changed online only (security changes are decided by the server at once), so
  // nothing unsent ever replays over these rows.
  employee: {
    tables: (db) => [db.employees],
    apply: (db, changes) => putOrDelete(db.employees, changes),
    rebuild: async () => undefined,
  },
  role: {
    tables: (db) => [db.roles],
    apply: (db, changes) => putOrDelete(db.roles, changes),
    rebuild: async () => undefined,
  },
  // Custom fields (issue 10): defined online only (the custom fields screen), read offline.
  customField: {
    tables: (db) => [db.customFields],
    apply: (db, changes) => putOrDelete(db.customFields, changes),
    rebuild: async () => undefined,
  },
  advice: {
    tables: (db) => [db.advices],
    apply: (db, changes) => putOrDelete(db.advices, changes),
    rebuild: async () => undefined,
  },
  adviceGroup: {
    tables: (db) => [db.adviceGroups],
    apply: (db, changes) => putOrDelete(db.adviceGroups, changes),
    rebuild: async () => undefined,
  },
  adviceCondition: {
    tables: (db) => [db.adviceConditions],
    apply: (db, changes) => putOrDelete(db.adviceConditions, changes),
    rebuild: async () => undefined,
  },
  customerConflict: {
    tables: (db) => [db.customerConflicts],
    async apply(db, changes) {
      await putOrDelete(db.customerConflicts, changes)
      await rebuildConflictOverlay(
        db,
        changes.flatMap((c) => (c.deleted ? [] : [c.row.id])),
      )
    },
    rebuild: (db, ids) => rebuildConflictOverlay(db, ids),
  },
  questionnaire: {
    tables: (db) => [db.questionnaires],
    apply: (db, changes) => putOrDelete(db.questionnaires, changes),
    rebuild: async () => undefined,
  },
  questionnaireSubmission: {
    tables: (db) => [db.submissions, db.serverSubmissions],
    apply: (db, changes) =>
      putServerSubmissions(
        db,
        changes.flatMap((c) => (c.deleted ? [] : [c.row])),
        changes.flatMap((c) => (c.deleted ? [c.id] : [])),
      ),
    rebuild: (db, ids) => rebuildSubmissions(db, ids),
  },
  customerComment: {
    tables: (db) => [db.customerComments, db.serverCustomerComments],
    apply: (db, changes) =>
      putServerComments(
        db,
        changes.flatMap((c) => (c.deleted ? [] : [c.row])),
        changes.flatMap((c) => (c.deleted ? [c.id] : [])),
      ),
    rebuild: (db, ids) => rebuildComments(db, ids),
  },
  // The customer card (issue 11): the configuration is read offline, changed online only.
  dashboardConfiguration: {
    tables: (db) => [db.dashboardConfigurations],
    apply: (db, changes) => putOrDelete(db.dashboardConfigurations, changes),
    rebuild: async () => undefined,
  },
  skinAnalysis: {
    tables: (db) => [db.skinAnalyses, db.serverSkinAnalyses],
    apply: (db, changes) =>
      putServerSkinAnalyses(
        db,
        changes.flatMap((c) => (c.deleted ? [] : [c.row])),
        changes.flatMap((c) => (c.deleted ? [c.id] : [])),
      ),
    rebuild: (db, ids) => rebuildSkinAnalyses(db, ids),
  },
  // Issue 12: documents and their versions are written online only; what was sent to the
  // branch's customers replays unsent answers (a consent signed on the tablet offline).
  document: {
    tables: (db) => [db.documents],
    apply: (db, changes) => putOrDelete(db.documents, changes),
    rebuild: async () => undefined,
  },
  documentVersion: {
    tables: (db) => [db.documentVersions],
    apply: (db, changes) => putOrDelete(db.documentVersions, changes),
    rebuild: async () => undefined,
  },
  customerDocument: {
    tables: (db) => [db.customerDocuments, db.serverCustomerDocuments],
    apply: (db, changes) =>
      putServerCustomerDocuments(
        db,
        changes.flatMap((c) => (c.deleted ? [] : [c.row])),
        changes.flatMap((c) => (c.deleted ? [c.id] : [])),
      ),
    rebuild: (db, ids) => rebuildCustomerDocuments(db, ids),
  },
}

/**
 * A customer tombstone (hard delete, or the customer left this branch): their submissions,
 * comments, conflicts and cached photos leave the replica with them (issue 10: "every tablet's
 * replica drops the customer and their photos at the next sync"). Unsent work about them stays
 * in the outbox (the server decides it; a hard-deleted customer's comes back refused and waits
 * for staff) and keeps showing through the rebuild.
 */
/**
 * Every table an outbox entry's life may write: the outbox, unsent photos, and the replica tables
 * of every entity that has mutations (settle, refusal, retry, discard and the rebuilds write
 * them). Derived from the two registries, so a new synced mutation needs no list anywhere else:
 * a Dexie transaction that misses a table it writes fails with NotFoundError.
 */
export function outboxTables(db: ReplicaDb): Table[] {
  const entities = new Set(Object.values(MUTATIONS).map((m) => m.entity as EntityName))
  return [db.outbox, db.photos, ...new Set([...entities].flatMap((e) => CLIENT_ENTITIES[e].tables(db)))]
}

/** Tables a customer tombstone clears beyond the customer entity's own (part of every pull). */
export const tombstoneTables = (db: ReplicaDb): Table[] => [
  db.submissions,
  db.serverSubmissions,
  db.customerConflicts,
  db.customerComments,
  db.serverCustomerComments,
  db.skinAnalyses,
  db.serverSkinAnalyses,
  db.customerDocuments,
  db.serverCustomerDocuments,
]

async function dropCustomerData(db: ReplicaDb, customerIds: string[]) {
  const of = new Set(customerIds)
  // serverSubmissions has no customerId index: scanned (tombstones are rare).
  const servers = await db.serverSubmissions.filter((x) => of.has(x.customerId)).primaryKeys()
  const local = await db.submissions.where('customerId').anyOf(customerIds).toArray()
  const ids = [...new Set([...servers, ...local.map((x) => x.id)])]
  const photoPaths = local.flatMap((x) =>
    x.answers.flatMap((a) => (Array.isArray(a.value) ? a.value : [a.value])).filter(isStoredImage),
  )
  await db.serverSubmissions.bulkDelete(ids)
  await rebuildSubmissions(db, ids)
  await db.customerConflicts.where('customerId').anyOf(customerIds).delete()
  // Their comments too (sent ones go; unsent ones stay visible until the server decides).
  await dropCommentsOf(db, customerIds)
  await dropSkinAnalysesOf(db, customerIds)
  await dropCustomerDocumentsOf(db, customerIds)
  // The service worker's cached copies of their photos (outside the transaction, afterwards).
  if (photoPaths.length) setTimeout(() => void dropCachedPhotos(photoPaths), 0)
}

/** A storage path of an uploaded image (`<org>/images/<file>`), as image answers hold them. */
const isStoredImage = (v: unknown): v is string => typeof v === 'string' && /^[\w-]+\/images\/[\w.-]+$/.test(v)

async function dropCachedPhotos(paths: string[]) {
  if (typeof caches === 'undefined') return
  const cache = await caches.open('storage').catch(() => null)
  if (!cache) return
  for (const p of paths) await cache.delete(`${STORAGE_BASE}/${p}`).catch(() => false)
}

/** `customer.update` answers {customer, conflicts}; `customer.create` answers the customer. */
const customerOf = (result: unknown): Customer | null => {
  if (!result || typeof result !== 'object') return null
  const r = result as { customer?: Customer; id?: string; email?: string }
  if (r.customer && typeof r.customer === 'object') return r.customer
  return r.id && r.email !== undefined ? (result as Customer) : null
}

/** A customer change acknowledged: its answer is the new server copy. */
async function settleCustomer(
  db: ReplicaDb,
  e: OutboxEntry,
  result: unknown,
  touch: (entityId: string) => void,
): Promise<void> {
  const customer = customerOf(result)
  if (!customer) return
  const known = await db.serverCustomers.get(customer.id)
  if (!known || known.version <= customer.version) await db.serverCustomers.put(customer)
  if (customer.id === e.entityId) return
  // assignExisting: the server joined our create to an existing customer. Later entries for our
  // client id now belong to that customer.
  touch(customer.id)
  await db.outbox
    .where('entityId')
    .equals(e.entityId)
    .modify((o) => {
      o.entityId = customer.id
      if (o.args.id === e.entityId) o.args = { ...o.args, id: customer.id }
    })
}

const settleSubmission = async (db: ReplicaDb, _e: OutboxEntry, result: unknown) => {
  const s = result as Submission | null
  if (s?.id) await putServerSubmissions(db, [s])
}

/** A comment written or edited: the server's answer is the new server copy. */
const settleComment = async (db: ReplicaDb, _e: OutboxEntry, result: unknown) => {
  const c = result as CustomerComment | null
  if (c?.id && typeof c.version === 'number') await putServerComments(db, [c])
}

export const CLIENT_MUTATIONS: { [N in MutationName]: ClientMutation<N> } = {
  'customer.create': {
    overlay: (row, e) => row ?? customerFromCreate(e.args, e.createdAt),
    settle: settleCustomer,
    refused: (db, e) => foldIntoRefusedCreate(db, e),
    retry: (db, e, opts) => retryCreate(db, e, opts),
    createsRow: true,
    oneAtATime: true,
  },
  'customer.update': {
    overlay: (row, e) => {
      if (!row) return row
      const changes = e.args.changes as Partial<Customer>
      const merged = { ...row, ...changes }
      // Custom values replay property by property (issue 10), as the server merges them.
      if (changes.customValues)
        merged.customValues = overlayCustomValues(
          row.customValues ?? {},
          changes.customValues,
          (e.args.base as Record<string, unknown> | undefined)?.customValues,
        )
      return withFullName(merged)
    },
    settle: settleCustomer,
    refused: (db, e) => foldIntoRefusedUpdate(db, e),
    oneAtATime: true,
  },
  'customerConflict.resolve': {
    // A resolve that waits for the server already shows as resolved.
    overlay: (row, e) => (row && !row.resolvedAt ? { ...row, resolvedAt: e.createdAt } : row),
    async settle(db, _e, result) {
      const c = result as CustomerConflict | null
      if (c?.id) await db.customerConflicts.put(c)
    },
    async discarded(db, e) {
      const c = await db.customerConflicts.get(e.entityId)
      if (c) await db.customerConflicts.put({ ...c, resolvedAt: null })
    },
  },
  'questionnaireSubmission.create': {
    createsRow: true,
    overlay: (row, e) => row ?? { ...submissionFromCreate(e.args, e.createdAt), questionnaireName: null },
    settle: settleSubmission,
  },
  'questionnaireSubmission.updateAnswer': {
    overlay(row, e) {
      if (!row) return row
      const { questionId, value } = e.args as Answer
      return { ...row, answers: [...row.answers.filter((a) => a.questionId !== questionId), { questionId, value }] }
    },
    settle: settleSubmission,
  },
  'customerComment.create': {
    createsRow: true,
    overlay: (row, e) => row ?? commentFromCreate(e.args, e.createdAt),
    settle: settleComment,
  },
  // A refused edit or delete keeps showing the comment with the change marked "needs attention".
  'customerComment.update': {
    overlay: (row, e) => (row ? { ...row, text: e.args.text, editedAt: row.editedAt ?? e.createdAt } : row),
    settle: settleComment,
  },
  'customerComment.delete': {
    overlay: (row, e) => (e.status === 'needsAttention' ? row : undefined),
    async settle(db, e) {
      await putServerComments(db, [], [e.entityId])
    },
  },
  // Append-only (issue 11): the saved analysis shows at once, pending until the server has it.
  'skinAnalysis.save': {
    createsRow: true,
    overlay: (row, e) => row ?? analysisFromSave(e.args, e.createdAt),
    async settle(db, _e, result) {
      const a = result as SkinAnalysis | null
      if (a?.id && typeof a.version === 'number') await putServerSkinAnalyses(db, [a])
    },
  },
  // Issue 12: an answer on the tablet (a hand-over creates the row) shows at once, pending.
  'customerDocument.respond': {
    overlay: (row, e) => overlayResponse(row, e.args, e.createdAt),
    async settle(db, _e, result) {
      const d = result as CustomerDocument | null
      if (d?.id && typeof d.version === 'number') await putServerCustomerDocuments(db, [d])
    },
  },
}

/**
 * An entry of a kind this app version no longer knows (left in the outbox by an older one): it
 * shows on no row and is sent as it is; the server refuses it explicitly and it waits for staff.
 */
const UNKNOWN: ClientMutation<MutationName> = { overlay: (row) => row, settle: async () => undefined }

/** The client half of `e`'s mutation (TypeScript cannot tie a union's name to its entry itself). */
export const clientMutation = <N extends MutationName>(e: OutboxEntryOf<N>) =>
  ((CLIENT_MUTATIONS[e.name] as unknown as ClientMutation<N> | undefined) ?? UNKNOWN) as ClientMutation<N>

/** Narrows outbox entries to one mutation, its args typed from the contract: `entries.filter(entriesOf('…'))`. */
export const entriesOf =
  <N extends MutationName>(name: N) =>
  (e: OutboxEntry): e is Extract<OutboxEntry, { name: N }> =>
    e.name === name

/** The entity an entry changes (undefined: a kind this app version does not know). */
export const entityOf = (e: OutboxEntry): EntityName | undefined =>
  (MUTATIONS[e.name] as (typeof MUTATIONS)[MutationName] | undefined)?.entity

/**
 * Replays `entries` (sorted by seq) of entity `entity` over its server copy. Returns the row and
 * whether any entry is pending / the code of the first that needs attention.
 */
export function replay<R>(entity: EntityName, server: R | undefined, entries: OutboxEntry[]) {
  let row = server
  let pending = false
  let error: string | null = null
  for (const e of entries) {
    if (entityOf(e) !== entity) continue
    pending = true
    row = (clientMutation(e).overlay as (r: R | undefined, e: OutboxEntry) => R | undefined)(row, e)
    if (e.status === 'needsAttention' && !error) error = e.error?.code ?? 'ERROR'
  }
  return { row, pending, error }
}
