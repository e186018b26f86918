import { and, asc, eq, gt, isNull } from 'drizzle-orm'
import type { Advice, AdviceAudio, AdviceCondition, AdviceGroup } from '../../../contract/advice'
import type { Subcondition } from '../../../contract/conditions'
import type { DbOrTx } from '../../db/client'
import type { adviceConditions, adviceGroups, advices } from '../../db/schema'
import { tenant } from '../../scope'

/*
 * Grow rows as the API and the sync feed answer them (one serializer per table), and the feed's
 * "changed since" queries. Who may read them is decided by the callers (advice.read).
 */

export type AdviceRow = typeof advices.$inferSelect
export type AdviceGroupRow = typeof adviceGroups.$inferSelect
export type AdviceConditionRow = typeof adviceConditions.$inferSelect

export function toAdvice(r: AdviceRow): Advice {
  return {
    id: r.id,
    salonId: r.salonId,
    name: r.name,
    contentType: r.contentType as Advice['contentType'],
    text: r.text,
    url: r.url,
    audio: (r.audio as AdviceAudio | null) ?? null,
    podcastUrl: r.podcastUrl,
    videoUrl: r.videoUrl,
    groupId: r.groupId,
    kind: r.kind as Advice['kind'],
    category: (r.category as Advice['category']) ?? null,
    length: r.length as Advice['length'],
    markers: r.markers as Advice['markers'],
    conditionIds: r.conditionIds,
    position: r.position,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    version: r.version,
  }
}

export function toAdviceGroup(r: AdviceGroupRow): AdviceGroup {
  return {
    id: r.id,
    salonId: r.salonId,
    name: r.name,
    position: r.position,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    version: r.version,
  }
}

export function toAdviceCondition(r: AdviceConditionRow): AdviceCondition {
  return {
    id: r.id,
    salonId: r.salonId,
    name: r.name,
    subconditions: r.subconditions as Subcondition[],
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    version: r.version,
  }
}

type Synced = typeof advices | typeof adviceGroups | typeof adviceConditions

/**
 * A branch's rows of one Grow table changed after `since`, in version order (the sync feed):
 * from 0 live rows only; later, deleted ones as tombstones.
 */
export function changedInBranch<T extends Synced>(
  db: DbOrTx,
  table: T,
  scope: { organisationId: string },
  salonId: string,
  since: number,
  limit: number,
): Promise<T['$inferSelect'][]> {
  const t = table as typeof advices
  return db
    .select()
    .from(t)
    .where(tenant(t, scope, and(eq(t.salonId, salonId), since === 0 ? isNull(t.deletedAt) : gt(t.version, since))))
    .orderBy(asc(t.version))
    .limit(limit) as Promise<T['$inferSelect'][]>
}
