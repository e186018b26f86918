import type { EntityName, MutationName } from '../../../contract/sync'
import type { FeedEntity, MutationRunner, SyncEntity } from './entity'
import * as ENTITY_FILES from './entities'

/*
 * The server side of the sync registry: every entity of contract ENTITIES is one file in
 * entities/ (its feed rows and a runner per mutation), listed by one line in entities/index.ts.
 * Nothing else in the sync service names an entity or a mutation (README.md "Adding a synced
 * entity").
 */

/**
 * Every entity, by its contract name. A new entity in the contract without its line in
 * entities/index.ts fails here: "Property '<entity>' is missing in type 'typeof import(…/entities/index)'";
 * an entity without a runner for one of its mutations fails in its own file.
 */
export const SYNC_ENTITIES: { [E in EntityName]: SyncEntity<E> } = ENTITY_FILES

export const FEED = Object.fromEntries(Object.entries(SYNC_ENTITIES).map(([e, d]) => [e, d.feed])) as {
  [E in EntityName]: FeedEntity<E>
}

/** Complete because every mutation belongs to one entity and each entity has a runner for each of its own. */
export const RUNNERS = Object.assign({}, ...Object.values(SYNC_ENTITIES).map((d) => d.runners)) as {
  [N in MutationName]: MutationRunner<N>
}
