import { useLiveQuery } from 'dexie-react-hooks'
import { useTranslation } from 'react-i18next'
import { type NotifyChannel, ZAdviceNotification } from '../../../../contract/advice/customer-advice'
import { API } from '../../../api/client'
import { apiCall } from '../../../api/transport'
import { FormModal, useEntityForm } from '../../../ui/form'
import { notify } from '../../../ui/notifications'
import { canReach, ChannelFields } from '../../customers/channel-fields'
import { SendingBlockedNote } from '../../email-confirmation/sending-blocked-note'
import { useSendingBlocked } from '../../email-confirmation/use-sending-blocked'
import { useReplica } from '../../sync/replica-context'

const CHANNELS: NotifyChannel[] = ['inApp', 'email', 'whatsapp']

/**
 * Tell the customer their advice is ready: in-app, or e-mail and WhatsApp within their allowed
 * types (canReach). On the form engine: busy while sending, the refusal as the form's error, and
 * a changed channel is not lost by a stray tap.
 */
export function SendAdviceDialog({ customerId, onClose }: { customerId: string; onClose: () => void }) {
  const { t } = useTranslation()
  const replica = useReplica()
  const customer = useLiveQuery(() => replica?.db.customers.get(customerId), [replica, customerId])
  const usable = (c: NotifyChannel) => c === 'inApp' || (!!customer && canReach(customer, c))
  const form = useEntityForm({
    schema: ZAdviceNotification,
    initial: { channel: 'inApp' as NotifyChannel },
    submit: async (body) => {
      if (!replica) return
      await apiCall(API.customerAdvice.notify, { params: { org: replica.orgId, id: customerId }, body })
      notify({ type: 'success', message: t(`advice.send.sent.${body.channel}`) })
      onClose()
    },
  })
  const { channel } = form.values
  // In-app always; e-mail and WhatsApp once the owner confirmed their address (issue 21 #16).
  const blocked = useSendingBlocked() && channel !== 'inApp'
  const unusable = CHANNELS.filter((c) => !usable(c))
  return (
    <FormModal
      form={form}
      open
      onClose={onClose}
      title={t('advice.send.title')}
      formId="send-advice-form"
      submitLabel={t('advice.send.submit')}
      submitDisabled={!usable(channel) || blocked}
      className="flex flex-col gap-4"
    >
      <p className="text-sm text-muted">{t('advice.send.text')}</p>
      <ChannelFields
        label={t('advice.send.channel')}
        name="advice-channel"
        customers={customer ? [customer] : undefined}
        options={CHANNELS.filter(usable)}
        value={channel}
        onChange={(c) => form.set('channel', c)}
        optionLabel={(c) => t(`advice.send.channels.${c}`)}
      >
        {unusable.length > 0 && (
          <p className="text-xs text-muted">
            {t('advice.send.notAllowed', { channels: unusable.map((c) => t(`advice.send.channels.${c}`)).join(', ') })}
          </p>
        )}
      </ChannelFields>
      {blocked && <SendingBlockedNote />}
    </FormModal>
  )
}
