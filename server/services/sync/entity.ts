import type { ChangeOf, EntityName, MutationName, MutationsOf, ParsedMutationArgs } from '../../../contract/sync'
import type { FileStore } from '../../integrations/storage/store'
import type { EmployeeCaller } from '../../../contract/policy'
import type { TenantCaller } from '../../auth/caller'
import type { DbOrTx } from '../../db/client'
import type { Memo } from './memo'

/** What one entity's feed query gets: the branch, this entity's own cursor and the page size. */
export type FeedQuery = {
  db: DbOrTx
  caller: EmployeeCaller
  salonId: string
  /** This entity's cursor; 0 is a fresh replica (live rows only, no tombstones). */
  since: number
  limit: number
}

/**
 * The server half of one synced entity's rows (server/services/sync/README.md).
 * - `readable`: may this caller receive these rows in this branch — the same policy action as
 *   the entity's REST endpoint. When not, the feed withholds the entity (the replica empties it).
 * - `changed`: rows (and tombstones) changed after `since`, in version order, at most `limit`:
 *   exactly the rows the caller could read through REST, never more.
 */
export type FeedEntity<E extends EntityName> = {
  readable: (caller: EmployeeCaller, salonId: string) => boolean
  changed: (q: FeedQuery) => Promise<ChangeOf<E>[]>
}

/**
 * The server half of one synced mutation: runs the same service function as its REST endpoint
 * (args already parsed against contract MUTATIONS, and upgraded from an older shape).
 */
export type MutationRunner<N extends MutationName> = (o: {
  /** Staff or a signed-in customer, with the pushing device's `clientId` (conflict log). */
  caller: TenantCaller
  db: DbOrTx
  args: ParsedMutationArgs<N>
  /** Where the push came from (a consent's evidence records it; the signature file is stored there). */
  origin?: PushOrigin
  /** Reads shared by the push's mutations (memo.ts): for services that read the same rows each time. */
  memo: Memo
}) => Promise<unknown>

/** The push request's own facts: the storage folder, the client's IP address and user agent. */
export type PushOrigin = { storage: FileStore; ipAddress: string | null; userAgent: string | null }

/** `version > since`, or from 0 everything (a fresh replica). */
export const fresh = (since: number) => since === 0

/** The runners of entity E's mutations (contract MUTATIONS whose entity is E): one for each. */
export type RunnersOf<E extends EntityName> = { [N in MutationsOf<E>]: MutationRunner<N> }

/**
 * One synced entity as its file in entities/ declares it: its feed rows and a runner for each of
 * its mutations (`{}` for an entity read offline and changed online only).
 */
export type SyncEntity<E extends EntityName> = { feed: FeedEntity<E>; runners: RunnersOf<E> }
