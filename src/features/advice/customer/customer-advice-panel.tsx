import { useLiveQuery } from 'dexie-react-hooks'
import { Send, Sparkles } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { AdviceKind } from '../../../../contract/advice'
import type { NotifyChannel } from '../../../../contract/advice/customer-advice'
import { API } from '../../../api/client'
import { apiCall } from '../../../api/transport'
import { Button, EmptyState, FormError, ListSkeleton, Modal, notify, RadioGroup, useApiErrorMessage } from '../../../ui'
import { SendingBlockedNote } from '../../email-confirmation/sending-blocked-note'
import { useSendingBlocked } from '../../email-confirmation/use-sending-blocked'
import { useOnline } from '../../app/use-online'
import { useCan } from '../../auth/use-can'
import { useReplica } from '../../sync/replica-context'
import { AdviceList } from './advice-list'
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
  const canNotify = useCan('advice.notify', replica?.salonId)
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

/** Tell the customer their advice is ready: e-mail, WhatsApp (their allowed types) or in-app. */
function SendAdviceDialog({ customerId, onClose }: { customerId: string; onClose: () => void }) {
  const { t } = useTranslation()
  const replica = useReplica()
  const errorText = useApiErrorMessage()
  const customer = useLiveQuery(() => replica?.db.customers.get(customerId), [replica, customerId])
  const allowed = new Set<string>(customer?.allowedMessagingTypes ?? [])
  const channels: NotifyChannel[] = ['inApp', 'email', 'whatsapp']
  const [channel, setChannel] = useState<NotifyChannel>('inApp')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  // In-app always; e-mail and WhatsApp once the owner confirmed their address (issue 21 #16).
  const blocked = useSendingBlocked() && channel !== 'inApp'
  const usable = (c: NotifyChannel) =>
    c === 'inApp' || (allowed.has(c) && (c !== 'whatsapp' || !!customer?.phoneNumber))
  const send = async () => {
    if (!replica || busy) return
    setBusy(true)
    setError(null)
    try {
      await apiCall(API.customerAdvice.notify, {
        params: { org: replica.orgId, id: customerId },
        body: { channel },
      })
      notify({ type: 'success', message: t(`advice.send.sent.${channel}`) })
      onClose()
    } catch (err) {
      setError(errorText(err))
    } finally {
      setBusy(false)
    }
  }
  return (
    <Modal
      open
      onClose={onClose}
      title={t('advice.send.title')}
      footer={(requestClose) => (
        <>
          <Button variant="secondary" onClick={requestClose}>
            {t('common.cancel')}
          </Button>
          <Button loading={busy} disabled={!usable(channel) || blocked} onClick={send}>
            {t('advice.send.submit')}
          </Button>
        </>
      )}
    >
      <div className="flex flex-col gap-4">
        <p className="text-sm text-muted">{t('advice.send.text')}</p>
        <RadioGroup
          label={t('advice.send.channel')}
          value={channel}
          onChange={(v) => setChannel(v as NotifyChannel)}
          options={channels.filter(usable).map((c) => ({ value: c, label: t(`advice.send.channels.${c}`) }))}
        />
        {channels.some((c) => !usable(c)) && (
          <p className="text-xs text-muted">
            {t('advice.send.notAllowed', {
              channels: channels
                .filter((c) => !usable(c))
                .map((c) => t(`advice.send.channels.${c}`))
                .join(', '),
            })}
          </p>
        )}
        {blocked && <SendingBlockedNote />}
        {error && <FormError text={error} />}
      </div>
    </Modal>
  )
}
