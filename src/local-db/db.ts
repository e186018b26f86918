import type { Document, DocumentVersion } from '../../contract/documents'
import Dexie, { type Table } from 'dexie'
import { v7 as uuidv7 } from 'uuid'
import type { Customer } from '../../contract/customers'
import type { TrainingCourseFull } from '../../contract/trainings'
import type { EntityName } from '../../contract/sync'
import { customerSearchMiddleware } from './search-index'
import { type CustomerSearchBatch, searchRowOf } from './search-text'
import { withStorageRoom } from './storage-room'
import type {
  LocalAdvice,
  LocalAdviceCondition,
  LocalAdviceGroup,
  LocalCustomer,
  LocalCustomerComment,
  LocalCustomerConflict,
  LocalCustomField,
  LocalDashboardConfiguration,
  LocalSkinAnalysis,
  LocalTrainingCertificate,
  LocalTrainingCourse,
  LocalTrainingProgress,
  LocalCustomerDocument,
  LocalEmployee,
  LocalPhoto,
  LocalQuestionnaire,
  LocalRole,
  LocalSalon,
  LocalSubmission,
  MetaKey,
  MetaRow,
  OutboxEntry,
  SyncStatus,
} from './types'

/**
 * The local replica of one organisation + branch + employee (ARCHITECTURE "Offline-first sync").
 * Separate databases per employee keep one person's unsent work away from the next person who
 * signs in on a shared tablet; per branch because the changes feed is per branch.
 */
export const replicaName = (orgId: string, salonId: string, employeeId: string) =>
  `salon:${orgId}:${salonId}:${employeeId}`

/**
 * Frozen: the table set of the last build with one cursor for everything. Replicas now keep a
 * cursor and a row shape per entity (engine.ts `prepareCursors`): a new synced entity or field
 * fills in on its own and nothing else is pulled again, so this number is never bumped; it only
 * tells replicas of those older builds apart.
 */
export const REPLICA_SCHEMA = 2

/** The entities replicas of those single-cursor builds held (their cursor holds for these). */
export const LEGACY_ENTITIES: Record<number, EntityName[]> = {
  1: ['customer', 'salon', 'customerConflict'],
  2: ['customer', 'salon', 'customerConflict', 'questionnaire', 'questionnaireSubmission'],
}

export class ReplicaDb extends Dexie {
  customers!: Table<LocalCustomer, string>
  /** The last copy the server acknowledged: the base of field-level edits and of re-applying. */
  serverCustomers!: Table<Customer, string>
  salons!: Table<LocalSalon, string>
  customerConflicts!: Table<LocalCustomerConflict, string>
  questionnaires!: Table<LocalQuestionnaire, string>
  submissions!: Table<LocalSubmission, string>
  /** Submissions as the server last acknowledged them: the base unsent answer edits replay on. */
  serverSubmissions!: Table<LocalSubmission, string>
  outbox!: Table<OutboxEntry, number>
  meta!: Table<MetaRow, MetaKey>
  /** Photos of image answers not yet uploaded (local-db/photos.ts); not part of the pulled replica. */
  photos!: Table<LocalPhoto, string>
  /** The team (issue 9): read offline, changed online only. */
  employees!: Table<LocalEmployee, string>
  roles!: Table<LocalRole, string>
  /** Comments on customers (issue 10) and the copy the server acknowledged (unsent edits replay on it). */
  customerComments!: Table<LocalCustomerComment, string>
  serverCustomerComments!: Table<LocalCustomerComment, string>
  /** The organisation's custom field definitions (read offline, changed online only). */
  customFields!: Table<LocalCustomField, string>
  /** Grow (issue 11): the branch's modules, groups and conditions (read offline, changed online only). */
  advices!: Table<LocalAdvice, string>
  adviceGroups!: Table<LocalAdviceGroup, string>
  adviceConditions!: Table<LocalAdviceCondition, string>
  /** The customer card (issue 11): the branch's configuration; skin analyses and their server copy. */
  dashboardConfigurations!: Table<LocalDashboardConfiguration, string>
  skinAnalyses!: Table<LocalSkinAnalysis, string>
  serverSkinAnalyses!: Table<LocalSkinAnalysis, string>
  documents!: Table<Document, string>
  documentVersions!: Table<DocumentVersion, string>
  customerDocuments!: Table<LocalCustomerDocument, string>
  serverCustomerDocuments!: Table<LocalCustomerDocument, string>
  /** Issue 24: trainings shown to the employee, and their own progress (server copy: unsent progress replays over it). */
  trainingCourses!: Table<LocalTrainingCourse, string>
  trainingProgress!: Table<LocalTrainingProgress, string>
  /** The platform's user manuals, whole (issue 24): refreshed by the sync worker (user-manuals.ts). */
  userManuals!: Table<TrainingCourseFull, string>
  serverTrainingProgress!: Table<LocalTrainingProgress, string>
  /** Issue 24: the employee's own certificates (issued on the server). */
  trainingCertificates!: Table<LocalTrainingCertificate, string>
  /** The customer search's index (issue 21 #7): batches of search rows by `seq`, kept by search-index.ts. */
  customerSearchLog!: Table<CustomerSearchBatch, number>

  constructor(name: string, opts?: ConstructorParameters<typeof Dexie>[1]) {
    super(name, opts)
    this.version(1).stores({
      customers: 'id, *salonIds, _sort, email, _pending',
      serverCustomers: 'id',
      salons: 'id, name',
      customerConflicts: 'id, customerId',
      outbox: '++seq, &id, entityId, status',
      meta: 'key',
    })
    this.version(2).stores({
      questionnaires: 'id, kind',
      submissions: 'id, customerId, questionnaireId, submittedAt, _pending',
      serverSubmissions: 'id',
    })
    this.version(3).stores({ photos: 'id' })
    this.version(4).stores({ employees: 'id, lastName', roles: 'id, name' })
    // Issue 10: comments (server copy too: unsent edits replay over it) and custom fields.
    this.version(5).stores({
      customerComments: 'id, customerId, createdAt, _pending',
      serverCustomerComments: 'id',
      customFields: 'id, position',
    })
    // Comments leave with their customer (a customer tombstone): the server copy by customer too.
    this.version(6).stores({ serverCustomerComments: 'id, customerId' })
    // Issue 10: soft-deleted customers stay in the replica (the include-deleted filter, restore
    // offline); `_deleted` lets the list count the live ones without reading every row.
    this.version(8).stores({ customers: 'id, *salonIds, _sort, email, _pending, _deleted' })
    // Issue 11: Grow modules, their groups and conditions.
    this.version(9).stores({ advices: 'id, position, groupId', adviceGroups: 'id, position', adviceConditions: 'id' })
    // Issue 11: the customer card's configuration and skin analyses (server copy: unsent saves replay over it).
    this.version(10).stores({
      dashboardConfigurations: 'id',
      skinAnalyses: 'id, customerId, analysedOn, _pending',
      serverSkinAnalyses: 'id, customerId',
    })
    // Issue 12: documents and consent forms, their versions, and what was sent to the customers
    // (server copy: answers given offline on the tablet replay over it).
    this.version(11).stores({
      documents: 'id, kind',
      documentVersions: 'id, documentId',
      customerDocuments: 'id, customerId, documentId, _pending',
      serverCustomerDocuments: 'id, customerId',
    })
    // Issue 21 #7: the customer search reads an index of folded names, e-mail and phone digits
    // instead of every row at every keystroke (one row per customer here; replaced at 16).
    this.version(12).stores({ customerSearch: 'id, seq' })
    // Issue 24: trainings (whole courses) and the employee's own progress per segment.
    this.version(13).stores({
      trainingCourses: 'id, position',
      trainingProgress: 'id, courseId, segmentId, _pending',
      serverTrainingProgress: 'id, courseId',
    })
    // Issue 24: the employee's certificates (a new table fills in at the next pull; nothing to migrate).
    this.version(14).stores({ trainingCertificates: 'id, courseId' })
    // Issue 24: the user manuals read offline (not a feed entity: they belong to no organisation).
    this.version(15).stores({ userManuals: 'id, position' })
    // Issue 25: the search rows in batches, one record per write (search-text.ts,
    // CustomerSearchBatch). Existing replicas fill it from their rows here; from then on
    // search-index.ts keeps it.
    this.version(16)
      .stores({ customerSearch: null, customerSearchLog: 'seq' })
      .upgrade(async (tx) => {
        const rows = (await tx.table('customers').toArray()) as LocalCustomer[]
        const batches: CustomerSearchBatch[] = []
        for (let i = 0; i < rows.length; i += 5000)
          batches.push({ seq: batches.length + 1, entries: rows.slice(i, i + 5000).map(searchRowOf) })
        await tx.table('customerSearchLog').bulkPut(batches)
      })
    this.use(customerSearchMiddleware)
    // A replica being deleted (signing out, a branch lost, an impersonation ended) stays deleted.
    // Dexie's own handler closes the connection but lets the next query open it again: a sync
    // worker still finishing its cycle then made the database anew right after the deletion.
    // Subscribers run newest first; `false` keeps Dexie's handler (which would undo this) from running.
    this.on('versionchange', (event) => {
      if (event.newVersion !== null) return
      this.close({ disableAutoOpen: true })
      return false
    })
  }

  /**
   * Every local write is one transaction: when the device is full, the media copies make room and
   * the whole transaction runs again (storage-room.ts). A transaction inside another is part of
   * the outer one's try, so only the outermost is retried; a read-only one (the screens' live
   * queries) is Dexie's own, untouched.
   */
  // biome-ignore lint/suspicious/noExplicitAny: Dexie's transaction() has a dozen overloads; this passes them through unchanged
  override transaction(...args: any[]): any {
    const run = () => (super.transaction as (...a: unknown[]) => Promise<unknown>).apply(this, args)
    const writes = typeof args[0] === 'string' && args[0].includes('w')
    return !writes || Dexie.currentTransaction ? run() : withStorageRoom(run)
  }

  async getMeta<T>(key: MetaKey): Promise<T | undefined> {
    return (await this.meta.get(key))?.value as T | undefined
  }

  setMeta(key: MetaKey, value: unknown) {
    return this.meta.put({ key, value })
  }

  /** This device's id towards the server ledger; made once per replica. */
  async clientId(): Promise<string> {
    return this.transaction('rw', this.meta, async () => {
      const existing = await this.getMeta<string>('clientId')
      if (existing) return existing
      const id = `c-${uuidv7()}`
      await this.setMeta('clientId', id)
      return id
    })
  }
}

export const INITIAL_STATUS: SyncStatus = { state: 'idle', lastSyncAt: null, message: null }

const open = new Map<string, ReplicaDb>()
/** One Dexie instance per database name in this JS realm (tab or worker). */
export function openReplica(name: string, opts?: ConstructorParameters<typeof Dexie>[1]): ReplicaDb {
  let db = open.get(name)
  if (!db) {
    db = new ReplicaDb(name, opts)
    open.set(name, db)
  }
  return db
}
export function closeReplica(name: string) {
  open.get(name)?.close()
  open.delete(name)
}
