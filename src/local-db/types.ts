import type { DashboardConfiguration } from '../../contract/dashboard'
import type { SkinAnalysis } from '../../contract/skin-analysis'
import type { TrainingCertificate, TrainingCourseFull, TrainingProgress } from '../../contract/trainings'
import type { CustomerDocument } from '../../contract/documents'
import type { Advice, AdviceCondition, AdviceGroup } from '../../contract/advice'
import type { CustomerComment } from '../../contract/comments'
import type { CustomField } from '../../contract/custom-fields'
import type { Employee } from '../../contract/employees'
import type { Role } from '../../contract/roles'
import type { Customer, CustomerConflict } from '../../contract/customers'
import type { Questionnaire, Submission } from '../../contract/questionnaires'
import type { Salon } from '../../contract/salons'
import type { MutationArgs, MutationName } from '../../contract/sync'

/**
 * A customer as the screens see it: the server's copy with this device's unsent changes applied
 * on top. `_pending` (1 = waits for the server; a number so Dexie can index it) and `_error`
 * (the code of an outbox entry that needs attention) drive the row badges.
 */
/** `_deleted` mirrors `deleted` as an indexable key (IndexedDB cannot index booleans); issue 10. */
export type LocalCustomer = Customer & { _pending: 0 | 1; _error: string | null; _sort: string; _deleted?: 0 | 1 }

export type LocalSalon = Salon
/** Employees and roles as the feed carries them (read-only on the tablet: changed online). */
export type LocalEmployee = Employee
export type LocalRole = Role
/** A comment (issue 10), with the outbox overlay marks of LocalCustomer. */
export type LocalCustomerComment = CustomerComment & { _pending: 0 | 1; _error: string | null }
export type LocalCustomField = CustomField
/** Grow (issue 11): a branch's modules, groups and conditions (read offline, changed online only). */
export type LocalAdvice = Advice
export type LocalAdviceGroup = AdviceGroup
export type LocalAdviceCondition = AdviceCondition
/** The customer card (issue 11): the branch's stored configuration, and skin analyses (unsent ones marked). */
export type LocalDashboardConfiguration = DashboardConfiguration
export type LocalSkinAnalysis = SkinAnalysis & { _pending: 0 | 1; _error: string | null }
/** Issue 24: a training course as the feed sends it (read offline, written online only). */
export type LocalTrainingCourse = TrainingCourseFull
export type LocalTrainingCertificate = TrainingCertificate
/** Issue 24: the employee's own progress in a segment, with unsent progress replayed on top. */
export type LocalTrainingProgress = TrainingProgress & { _pending: 0 | 1; _error: string | null }
/** A document sent to a customer, as the screens see it (issue 12): unsent answers marked. */
export type LocalCustomerDocument = CustomerDocument & { _pending: 0 | 1; _error: string | null }
export type LocalQuestionnaire = Questionnaire
/** A submission as screens see it: the server's copy (or this device's unsent one) + unsent answer edits. */
export type LocalSubmission = Submission & {
  /** The questionnaire's name as the feed sends it (for staff who may not read questionnaires). */
  questionnaireName?: string | null
  _pending: 0 | 1
  _error: string | null
}
export type LocalCustomerConflict = CustomerConflict
/** A photo for an image answer, kept on the device until the sync engine uploads it. */
export type LocalPhoto = { id: string; blob: Blob; type: string; createdAt: string }

export type OutboxStatus = 'queued' | 'needsAttention'

export type OutboxError = {
  code: string
  message: string
  details?: unknown
  /** The local photo (`local-photo:<id>`) the server refused or the device lost (photo uploads). */
  photo?: string
}

/**
 * One local change of kind `N` waiting for the server; its args are typed from contract
 * MUTATIONS. `seq` is the IndexedDB key generator: strictly increasing and never reused, so it
 * doubles as the per-client mutation seq of the protocol. The auth token is never stored here:
 * it is attached when the batch is sent.
 */
export type OutboxEntryOf<N extends MutationName> = {
  seq?: number
  /** Mutation id (UUID v7), the server's idempotency key. */
  id: string
  name: N
  args: MutationArgs<N>
  /**
   * The mutation's shape version when written (contract MUTATIONS[name].version). Entries of an
   * older app version have none (= 1): the server upgrades them or refuses them explicitly.
   */
  v?: number
  /** The row (customer, conflict, submission) the change is about, to re-apply pending changes per row. */
  entityId: string
  status: OutboxStatus
  error: OutboxError | null
  createdAt: string
}
/** Any outbox entry: a union over the mutation names, so `name` narrows `args`. */
export type OutboxEntry = { [N in MutationName]: OutboxEntryOf<N> }[MutationName]

/** What the sync engine is doing now; written to meta so every tab's pill reads the same. */
/**
 * `readOnly` (issue 22): the organisation's subscription has expired; the push is refused as a
 * whole (SUBSCRIPTION_EXPIRED), the outbox is kept as it is and sent once it is restored, and the
 * replica keeps being pulled.
 */
export type SyncState = 'idle' | 'sending' | 'offline' | 'needsSignIn' | 'error' | 'readOnly'
export type SyncStatus = { state: SyncState; lastSyncAt: string | null; message: string | null }

/**
 * `cursors`/`shapes`: per synced entity, the feed cursor and the row shape the replica holds
 * (`cursor` and `replicaSchema` are what replicas before per-entity cursors kept);
 * `customerSalonId`: the customer area's branch (remembered for offline use);
 * `submittedQuestionnaires`: the questionnaires of the customer's submissions, by id (offline reading);
 * `grants`: the feed's fingerprint of the employee's grants (a change: fetch `/employees/me`);
 * `accessLost`: the feed or push of this branch answered 403/404 (`AccessLost`);
 * `removed`: data the policy no longer lets this replica hold was just emptied (`RemovedNotice`).
 */
export type MetaKey =
  | 'cursor'
  | 'cursors'
  | 'shapes'
  | 'clientId'
  | 'lastAckSeq'
  | 'status'
  | 'replicaSchema'
  | 'customerSalonId'
  | 'submittedQuestionnaires'
  | 'grants'
  | 'accessLost'
  | 'removed'
  /** Issue 21 #3: when the session the engine syncs with now ends, as the server last said. */
  | 'sessionExpiresAt'
  /** Issue 11: the customer's advice as last fetched ({ advice, fetchedAt }), shown offline. */
  | 'customerAdvice'
  /** Issue 12: the customer's documents as last fetched ({ documents, fetchedAt }), read offline. */
  | 'customerDocuments'
  /** Issue 24: the version of the user manuals this replica holds (user-manuals.ts). */
  | 'userManualsVersion'
export type MetaRow = { key: MetaKey; value: unknown }

/** The branch's feed or push refused this person (no role there any more, or the branch is gone). */
export type AccessLost = { code: string; at: string }

/**
 * Entities the feed started to withhold while this replica held rows of them (a right taken
 * away): emptied, shown to the user once. `kept`: unsent entries of those entities that stay in
 * the outbox and are still sent (the server decides each one).
 */
export type RemovedNotice = { entities: string[]; kept: number; at: string }
