import { useLiveQuery } from 'dexie-react-hooks'
import { useTranslation } from 'react-i18next'
import { discardEntry, retryEntry } from '../../local-db/mutations'
import type { OutboxEntry } from '../../local-db/types'
import { Button } from '../../ui/button'
import { changeLabel } from './change-label'
import { outboxErrorText } from './outbox-error-text'
import { useNeedsAttention } from './use-outbox-count'
import { useReplica } from './replica-context'

const NONE: OutboxEntry[] = []

/** Changes the server refused, with what staff can do: send again or drop the change. */
export function NeedsAttentionList() {
  const { t } = useTranslation()
  const replica = useReplica()
  const entries = useNeedsAttention() ?? NONE
  const names = useLiveQuery(
    async () => {
      if (!replica) return new Map<string, string>()
      const rows = await replica.db.customers.bulkGet(entries.map((e) => e.entityId))
      return new Map(rows.filter((r) => r !== undefined).map((r) => [r.id, r.fullName]))
    },
    [replica, entries],
    new Map<string, string>(),
  )
  if (!replica || entries.length === 0) return null
  return (
    <ul className="mt-3 flex flex-col gap-3 border-t border-line pt-3" data-testid="needs-attention">
      {entries.map((e) => (
        <li key={e.id} className="flex flex-col gap-2">
          <div className="text-sm">
            <span className="font-medium text-ink">{changeLabel(t, e.name, names.get(e.entityId) ?? '')}</span>
            <p className="text-muted">{outboxErrorText(t, e.error)}</p>
          </div>
          <div className="flex flex-wrap gap-2">
            {e.error?.code === 'CUSTOMER_EXISTS_IN_OTHER_BRANCH' && (
              <Button onClick={() => void retryEntry(replica.db, e.seq!, { assignExisting: true })}>
                {t('sync.assignExisting')}
              </Button>
            )}
            <Button variant="secondary" onClick={() => void retryEntry(replica.db, e.seq!)}>
              {t('sync.retry')}
            </Button>
            <Button variant="ghost" onClick={() => void discardEntry(replica.db, e.seq!)}>
              {t('sync.discard')}
            </Button>
          </div>
        </li>
      ))}
    </ul>
  )
}
