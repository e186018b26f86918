import type { Table } from 'dexie'
import { type EntityName, MUTATIONS, type MutationName } from '../../contract/sync'
import type { ReplicaDb } from './db'
import * as ENTITY_FILES from './entities'
import type { ClientEntity, ClientMutation, EntityDefinition } from './entity'
import type { OutboxEntry, OutboxEntryOf } from './types'

export type { ClientEntity, ClientMutation } from './entity'

/*
 * The client side of the sync registry (server side: server/services/sync/). Each synced entity
 * is one file in entities/ (its replica tables, how a page of the feed is written into them, and
 * its mutations: overlay, settle, refusal), listed by one line in entities/index.ts. The engine, the push
 * results and the outbox helpers dispatch through these maps and never compare mutation names.
 * Nothing an entity uses imports this file, so there is no import cycle.
 */

/**
 * Every entity, by its contract name. A new entity in the contract without its line in
 * entities/index.ts fails here: "Property '<entity>' is missing in type 'typeof import(…/entities/index)'";
 * an entity without the client half of one of its mutations fails in its own file.
 */
const ENTITY_DEFINITIONS: { [E in EntityName]: EntityDefinition<E> } = ENTITY_FILES

export const CLIENT_ENTITIES: { [E in EntityName]: ClientEntity<E> } = ENTITY_DEFINITIONS

export const CLIENT_MUTATIONS = Object.assign({}, ...Object.values(ENTITY_DEFINITIONS).map((d) => d.mutations)) as {
  [N in MutationName]: ClientMutation<N>
}

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

/** Tables a customer tombstone clears beyond the customer entity's own (customer-departure.ts; part of every pull). */
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
