import { correctedNow } from '../../api/device-clock'
import type { ActivityPeriod } from '../../../contract/questionnaires/activities'
import { useLiveQuery } from 'dexie-react-hooks'
import type { LocalCustomerComment, OutboxEntry } from '../../local-db/types'
import { useReplica } from '../sync/sync-provider'

/** Spec §9: the comment and activity filter offers last 7 days, last 30 days and all. */
export type CommentPeriod = ActivityPeriod
const DAYS: Record<CommentPeriod, number | null> = { '7d': 7, '30d': 30, all: null }

/** A comment as the card shows it, with the unsent change that needs attention (if any). */
export type ShownComment = LocalCustomerComment & { attention: OutboxEntry | null }

/**
 * One customer's comments from the replica (offline too), newest first, within `period`; each
 * with its refused outbox entry, if any. Undefined while loading; `total` counts every period.
 */
export function useComments(
  customerId: string,
  period: CommentPeriod,
): { items: ShownComment[]; total: number } | undefined {
  const replica = useReplica()
  return useLiveQuery(async () => {
    if (!replica) return undefined
    const db = replica.db
    const rows = await db.customerComments.where('customerId').equals(customerId).toArray()
    const days = DAYS[period]
    const from = days === null ? '' : new Date(correctedNow().getTime() - days * 86_400_000).toISOString()
    const shown = rows
      .filter((c) => c.createdAt >= from)
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id))
    const refused = shown.some((c) => c._error)
      ? await db.outbox
          .where('entityId')
          .anyOf(shown.filter((c) => c._error).map((c) => c.id))
          .filter((e) => e.status === 'needsAttention')
          .toArray()
      : []
    return {
      items: shown.map((c) => ({ ...c, attention: refused.find((e) => e.entityId === c.id) ?? null })),
      total: rows.length,
    }
  }, [replica, customerId, period])
}
