import { Send, Sparkles } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { AdviceKind } from '../../../../contract/advice'
import { Button } from '../../../ui/button'
import { EmptyState, ListSkeleton } from '../../../ui/feedback'
import { useOnline } from '../../app/use-online'
import { useCan } from '../../auth/use-can'
import { UpgradePrompt, useHasFeature } from '../../subscription/upgrade-prompt'
import { useReplica } from '../../sync/replica-context'
import { AdviceList } from './advice-list'
import { SendAdviceDialog } from './send-advice-dialog'
import { useCustomerAdvice } from './use-customer-advice'

const STAFF_KINDS: readonly AdviceKind[] = ['customerAdvice', 'employeeAdvice']

/**
 * The advice a customer's answers choose, on the customer card (the card's Advice module) and
 * the drawer's Advice tab: the customer-advice and employee-advice modules that show, merged by
 * group in order, each with why; "show modules that do not apply" adds the others with the
 * subcondition that failed. Read from the replica, so it works offline; telling the customer
 * their advice is ready needs the connection.
 */
export function CustomerAdvicePanel({ customerId }: { customerId: string }) {
  const { t } = useTranslation()
  const replica = useReplica()
  const canRead = useCan('customerAdvice.read', replica?.salonId)
  const mayNotify = useCan('advice.notify', replica?.salonId)
  // Issue 22: telling the customer is part of Grow; outside the plan the advice stays readable.
  const inPlan = useHasFeature('grow')
  const canNotify = mayNotify && inPlan
  const online = useOnline()
  const list = useCustomerAdvice(customerId, STAFF_KINDS, 'employee')
  const [showAll, setShowAll] = useState(false)
  const [sending, setSending] = useState(false)
  if (!canRead) return <p className="text-sm text-muted">{t('advice.noPermission')}</p>
  if (!list || list.customerId !== customerId) return <ListSkeleton rows={3} label={t('advice.loading')} />
  const shown = list.rows.filter((r) => r.shows)
  const hidden = list.rows.length - shown.length
  const items = showAll ? list.rows : shown
  return (
    <div className="flex flex-col gap-4" data-testid="customer-advice-panel">
      <div className="flex flex-wrap items-center justify-between gap-3">
        {hidden > 0 ? (
          <label className="flex min-h-11 items-center gap-2 text-sm text-ink">
            <input
              type="checkbox"
              className="size-4 accent-[var(--color-primary-dark)]"
              checked={showAll}
              onChange={(e) => setShowAll(e.target.checked)}
            />
            {t('advice.showHidden', { count: hidden })}
          </label>
        ) : (
          <span />
        )}
        {mayNotify && !inPlan && shown.some((r) => r.advice.kind === 'customerAdvice') && (
          <UpgradePrompt feature="grow" compact />
        )}
        {canNotify && shown.some((r) => r.advice.kind === 'customerAdvice') && (
          <div className="flex flex-col items-end gap-1">
            <Button variant="secondary" disabled={!online} onClick={() => setSending(true)}>
              <Send aria-hidden className="size-4" />
              {t('advice.send.action')}
            </Button>
            {!online && <p className="text-xs text-muted">{t('advice.send.offline')}</p>}
          </div>
        )}
      </div>
      {items.length === 0 ? (
        <EmptyState
          icon={<Sparkles aria-hidden className="size-6" />}
          title={list.rows.length === 0 ? t('advice.noModules') : t('advice.none')}
          description={list.rows.length === 0 ? t('advice.noModulesText') : t('advice.noneText')}
        />
      ) : (
        <AdviceList items={items} staff />
      )}
      {sending && <SendAdviceDialog customerId={customerId} onClose={() => setSending(false)} />}
    </div>
  )
}
