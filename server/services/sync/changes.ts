import { eq } from 'drizzle-orm'
import type { Caller, EmployeeCaller } from '../../../contract/policy'
import {
  type Change,
  type ChangesResponse,
  type Cursors,
  ENTITY_NAMES,
  type EntityName,
  grantsFingerprint,
} from '../../../contract/sync'
import { authorize } from '../../auth/caller'
import type { DbOrTx } from '../../db/client'
import { organisations, salons, syncClients } from '../../db/schema'
import { AppError } from '../../errors'
import { notDeleted, tenant } from '../../scope'
import type { FeedEntity } from './entity'
import { FEED } from './registry'

/**
 * The branch must be the organisation's (else 404) and the caller must hold a role in it
 * (`replica.sync`, else 403): the replica of a branch is open to its staff, and each entity then
 * asks its own read action (an entity they may not read is `withheld`). An employee whose role in
 * the branch was taken away gets 403 at the next pull or push, and their tablet drops that
 * branch's replica (src/features/sync/lost-branches.ts). The feed is staff's (a customer:
 * FORBIDDEN).
 */
export async function assertReplicaAccess(db: DbOrTx, caller: Caller, salonId: string): Promise<EmployeeCaller> {
  if (caller.kind !== 'employee') throw new AppError('FORBIDDEN')
  const [salon] = await db
    .select({ id: salons.id })
    .from(salons)
    .where(tenant(salons, caller, eq(salons.id, salonId), notDeleted(salons)))
  if (!salon) throw new AppError('SALON_NOT_FOUND')
  authorize(caller, 'replica.sync', salonId)
  return caller
}

/**
 * The pull side of sync (ARCHITECTURE "Offline-first sync"): for one branch's replica, every
 * entity of the registry (registry.ts FEED) the caller may read there, each from its own cursor,
 * merged in version order. An entity the policy withholds is named in `withheld` and sends
 * nothing. Old clients send one `since` for all entities and get one `cursor` back.
 *
 * A page never skips rows: when an entity's list is cut by `limit`, every list is cut at the
 * lowest such last version. Each entity's cursor only moves up to the last of its own rows the
 * page carries, so a row committed meanwhile (always with a higher version) is never passed.
 *
 * `reset` (a cursor older than the tombstone horizon): the page is served from the beginning and
 * the client clears its replica (keeping its outbox) before applying it.
 */
export async function getChanges(opts: {
  caller: Caller
  db: DbOrTx
  salonId: string
  since: number
  cursors?: Cursors
  limit: number
  clientId?: string
}): Promise<ChangesResponse> {
  const { db, salonId, limit } = opts
  const caller = await assertReplicaAccess(db, opts.caller, salonId)
  const [org] = await db
    .select({ syncFloor: organisations.syncFloor })
    .from(organisations)
    .where(eq(organisations.id, caller.organisationId))
  const floor = org?.syncFloor ?? 0
  const asked = (e: EntityName) => (opts.cursors ? (opts.cursors[e] ?? 0) : opts.since)
  const reset = ENTITY_NAMES.some((e) => asked(e) > 0 && asked(e) < floor)
  const sinceOf = (e: EntityName) => (reset ? 0 : asked(e))

  const withheld: EntityName[] = []
  const lists: Change[][] = []
  for (const e of ENTITY_NAMES) {
    const feed = FEED[e] as FeedEntity<EntityName>
    if (!feed.readable(caller, salonId)) {
      withheld.push(e)
      continue
    }
    lists.push(await feed.changed({ db, caller, salonId, since: sinceOf(e), limit }))
  }
  const full = lists.filter((l) => l.length === limit)
  const cut = full.length ? Math.min(...full.map((l) => l[l.length - 1].version)) : Number.POSITIVE_INFINITY
  const merged = lists
    .flat()
    .filter((c) => c.version <= cut)
    .sort((a, b) => a.version - b.version)
  const changes = merged.slice(0, limit)
  const hasMore = full.length > 0 || merged.length > limit

  const cursors: Record<string, number> = {}
  for (const e of ENTITY_NAMES) cursors[e] = withheld.includes(e) ? 0 : sinceOf(e)
  for (const c of changes) cursors[c.entity] = Math.max(cursors[c.entity], c.version)
  const since = reset ? 0 : opts.since
  const cursor = changes.length ? Math.max(since, changes[changes.length - 1].version) : since

  return {
    changes,
    cursor,
    cursors,
    withheld,
    hasMore,
    reset,
    lastMutationSeq: await lastSeqOf(db, caller, opts.clientId),
    grants: grantsFingerprint([...caller.grants].map(([salonId, perms]) => [salonId, perms] as const)),
  }
}

export async function lastSeqOf(db: DbOrTx, who: { organisationId: string }, clientId: string | undefined) {
  if (!clientId) return -1
  const [row] = await db
    .select({ lastSeq: syncClients.lastSeq })
    .from(syncClients)
    .where(tenant(syncClients, who, eq(syncClients.clientId, clientId)))
  return row?.lastSeq ?? -1
}
