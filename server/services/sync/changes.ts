import { and, arrayContains, asc, type Column, eq, gt, gte, isNull } from 'drizzle-orm'
import type { Change, ChangesResponse } from '../../../contract/sync'
import type { DbOrTx } from '../../db/client'
import { customerConflicts, customers, organisations, salons, syncClients } from '../../db/schema'
import { changedQuestionnaires, changedSubmissions } from './questionnaire-rows'
import { AppError } from '../../errors'
import { authorize, type TenantCaller as Scope } from '../../auth/caller'
import { tenant } from '../../scope'
import { toConflict, toCustomer } from '../customers'
import { changedSalons, toSalon } from './salon-rows'

/** The branch must be the organisation's (else 404) and the employee must read its customers. */
export async function assertReplicaAccess(db: DbOrTx, scope: Scope, salonId: string): Promise<void> {
  const [salon] = await db
    .select({ id: salons.id })
    .from(salons)
    .where(tenant(salons, scope, eq(salons.id, salonId), isNull(salons.deletedAt)))
  if (!salon) throw new AppError('SALON_NOT_FOUND')
  authorize(scope, 'customers.read', salonId)
}

/**
 * The pull side of sync (ARCHITECTURE "Offline-first sync"): rows changed after `since`, in
 * version order, for one branch's replica. One indexed query per entity, merged by version.
 *
 * A page never skips rows: when an entity's list is cut by `limit`, every list is cut at the
 * lowest such last version, so nothing between the returned cursor and rows not yet fetched is
 * lost. Versions are unique per organisation, so cutting between two rows is always safe.
 *
 * `reset` (cursor older than the tombstone horizon): the page is served from the beginning and
 * the client clears its replica (keeping its outbox) before applying it.
 */
export async function getChanges(opts: {
  scope: Scope
  db: DbOrTx
  salonId: string
  since: number
  limit: number
  clientId?: string
}): Promise<ChangesResponse> {
  const { scope, db, salonId, limit } = opts
  await assertReplicaAccess(db, scope, salonId)
  const [org] = await db
    .select({ syncFloor: organisations.syncFloor })
    .from(organisations)
    .where(eq(organisations.id, scope.organisationId))
  const reset = opts.since > 0 && opts.since < (org?.syncFloor ?? 0)
  const since = reset ? 0 : opts.since
  // A fresh replica has nothing to delete: from 0, only this branch's live customers matter.
  const fresh = since === 0
  const after = (col: Column) => (fresh ? gte(col, 0) : gt(col, since))

  const customerRows = await db
    .select()
    .from(customers)
    .where(
      tenant(
        customers,
        scope,
        after(customers.version),
        fresh ? and(isNull(customers.deletedAt), arrayContains(customers.salonIds, [salonId])) : undefined,
      ),
    )
    .orderBy(asc(customers.version))
    .limit(limit)
  const salonRows = await changedSalons(db, scope, since, limit)
  const conflictRows = await db
    .select({ c: customerConflicts })
    .from(customerConflicts)
    .innerJoin(customers, eq(customers.id, customerConflicts.customerId))
    .where(
      tenant(
        customerConflicts,
        scope,
        after(customerConflicts.version),
        arrayContains(customers.salonIds, [salonId]),
        isNull(customers.deletedAt),
      ),
    )
    .orderBy(asc(customerConflicts.version))
    .limit(limit)

  const questionnaireRows = await changedQuestionnaires(db, scope, since, limit)
  const submissionRows = await changedSubmissions(db, scope, salonId, since, limit)

  const lists: Change[][] = [
    customerRows.map(
      (r): Change =>
        r.deletedAt === null && r.salonIds.includes(salonId)
          ? { entity: 'customer', version: r.version, deleted: false, row: toCustomer(r) }
          : { entity: 'customer', version: r.version, deleted: true, id: r.id },
    ),
    salonRows.map(
      (r): Change =>
        r.deletedAt === null
          ? { entity: 'salon', version: r.version, deleted: false, row: toSalon(r) }
          : { entity: 'salon', version: r.version, deleted: true, id: r.id },
    ),
    conflictRows.map(
      ({ c }): Change => ({ entity: 'customerConflict', version: c.version, deleted: false, row: toConflict(c) }),
    ),
    questionnaireRows,
    submissionRows,
  ]
  const full = lists.filter((l) => l.length === limit)
  const cut = full.length ? Math.min(...full.map((l) => l[l.length - 1].version)) : Number.POSITIVE_INFINITY
  const merged = lists
    .flat()
    .filter((c) => c.version <= cut)
    .sort((a, b) => a.version - b.version)
  const changes = merged.slice(0, limit)
  const hasMore = full.length > 0 || merged.length > limit
  const cursor = changes.length ? Math.max(since, changes[changes.length - 1].version) : since

  return { changes, cursor, hasMore, reset, lastMutationSeq: await lastSeqOf(db, scope, opts.clientId) }
}

export async function lastSeqOf(db: DbOrTx, scope: Scope, clientId: string | undefined): Promise<number> {
  if (!clientId) return -1
  const [row] = await db
    .select({ lastSeq: syncClients.lastSeq })
    .from(syncClients)
    .where(tenant(syncClients, scope, eq(syncClients.clientId, clientId)))
  return row?.lastSeq ?? -1
}
