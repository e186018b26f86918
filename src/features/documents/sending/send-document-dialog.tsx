import { FileText, Send, WifiOff } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { v7 as uuidv7 } from 'uuid'
import type { SendChannel } from '../../../../contract/documents'
import { type BulkSendResult, ZSendDocument } from '../../../../contract/documents/send'
import { API } from '../../../api/client'
import { apiCall } from '../../../api/transport'
import type { LocalCustomer } from '../../../local-db/types'
import { Button } from '../../../ui/button'
import { EmptyState } from '../../../ui/feedback'
import { EntityFormElement, useEntityForm } from '../../../ui/form'
import { Modal } from '../../../ui/modal'
import { notify } from '../../../ui/notifications'
import { SelectField } from '../../../ui/fields'
import { SendingBlockedNote } from '../../email-confirmation/sending-blocked-note'
import { useSendingBlocked } from '../../email-confirmation/use-sending-blocked'
import { useOnline } from '../../app/use-online'
import { ChannelFields, canReach } from '../../customers/channel-fields'
import { useHasFeature } from '../../subscription/upgrade-prompt'
import { useReplica } from '../../sync/replica-context'
import { BulkResultView } from './bulk-result'
import { storeSent, useDocuments } from './use-customer-documents'

type Choice = SendChannel | 'preferred'
type Props = { open: boolean; customers: LocalCustomer[]; onClose: () => void; onSent?: () => void }

/** The channels one customer may get (canReach: in-app always, e-mail and WhatsApp as allowed). */
export const channelsFor = (c: LocalCustomer): SendChannel[] =>
  (['inApp', 'email', 'whatsApp'] as const).filter((ch) => canReach(c, ch === 'whatsApp' ? 'whatsapp' : ch))
const preferredOf = (c: LocalCustomer): SendChannel => (c.defaultMessagingType === 'whatsapp' ? 'whatsApp' : 'email')

/**
 * Send one document or consent form (its current version) to one customer (the drawer) or many
 * (the customer list's selection). Online only: the server sends and records; offline says so.
 * Archived documents are not offered.
 */
export function SendDocumentDialog({ open, customers, onClose, onSent }: Props) {
  const { t } = useTranslation()
  const replica = useReplica()
  const online = useOnline()
  const documents = useDocuments({ sendable: true })
  const one = customers.length === 1 ? customers[0] : null
  // Outside the plan's WhatsApp, "each one's preferred" could be WhatsApp, which the server refuses.
  const whatsappInPlan = useHasFeature('whatsapp')
  const options: Choice[] = one
    ? channelsFor(one)
    : [...(whatsappInPlan ? (['preferred'] as const) : []), 'email', 'whatsApp', 'inApp']
  const [result, setResult] = useState<BulkSendResult | null>(null)
  // A fresh form (and a fresh send id) each time the dialog opens.
  const [sendId, setSendId] = useState(() => uuidv7())
  const form = useEntityForm({
    schema: ZSendDocument.pick({ documentId: true }),
    initial: (): { documentId: string; channel: Choice } => ({
      documentId: '',
      channel: one
        ? channelsFor(one).includes(preferredOf(one))
          ? preferredOf(one)
          : 'inApp'
        : whatsappInPlan
          ? 'preferred'
          : 'email',
    }),
    resetKey: open,
    onReset: () => {
      setResult(null)
      setSendId(uuidv7())
    },
    toInput: (v) => ({ documentId: v.documentId || undefined }),
    submit: async ({ documentId }) => {
      if (!replica || !online) return
      if (one) {
        const row = await apiCall(API.customerDocuments.send, {
          params: { org: replica.orgId, id: one.id },
          query: { salonId: replica.salonId },
          body: { id: sendId, documentId, channel: channel as SendChannel },
        })
        await storeSent(replica.db, [row])
        onSent?.()
        notify({ type: 'success', message: t('customer-documents.send.sentOne', { name: one.fullName }) })
        onClose()
        return
      }
      const res = await apiCall(API.customerDocuments.bulkSend, {
        params: { org: replica.orgId },
        query: { salonId: replica.salonId },
        body: {
          batchId: sendId,
          documentId,
          customerIds: customers.map((c) => c.id),
          channel: channel === 'preferred' ? undefined : channel,
        },
      })
      onSent?.()
      if (res.skipped === 0) {
        notify({ type: 'success', message: t('customer-documents.send.sentMany', { count: res.sent }) })
        onClose()
      } else setResult(res)
    },
  })
  const { channel } = form.values
  // In-app needs no confirmed address; e-mail and WhatsApp wait for the owner's (issue 21 #16).
  const blocked = useSendingBlocked() && channel !== 'inApp'

  const title = one ? t('customer-documents.send.titleOne') : t('customer-documents.send.titleMany')
  const names = customers.map((c) => c.fullName)
  return (
    <Modal
      open={open}
      onClose={onClose}
      dirty={!result && form.isDirty && !form.isBusy}
      title={title}
      width={520}
      footer={(requestClose) =>
        result ? (
          <Button onClick={onClose}>{t('common.close')}</Button>
        ) : (
          <>
            <Button variant="secondary" onClick={requestClose}>
              {t('common.cancel')}
            </Button>
            <Button
              type="submit"
              form="send-document-form"
              loading={form.isBusy}
              disabled={!online || documents?.length === 0 || blocked}
            >
              <Send aria-hidden className="size-4" /> {t('customer-documents.send.submit')}
            </Button>
          </>
        )
      }
    >
      {result ? (
        <BulkResultView result={result} />
      ) : (
        <EntityFormElement form={form} id="send-document-form" data-testid="send-document-form">
          {!online && (
            <p
              className="flex items-start gap-2 rounded-xl bg-canvas p-3 text-sm text-muted"
              data-testid="send-offline"
            >
              <WifiOff aria-hidden className="mt-0.5 size-4 shrink-0" /> {t('customer-documents.send.offline')}
            </p>
          )}
          <p className="text-sm text-muted" data-testid="send-document-recipients">
            {one
              ? t('customer-documents.send.toOne', { name: one.fullName })
              : t('customer-documents.send.toMany', {
                  count: customers.length,
                  names: names.slice(0, 5).join(', ') + (names.length > 5 ? ', …' : ''),
                })}
          </p>
          {documents?.length === 0 ? (
            <EmptyState
              icon={<FileText aria-hidden className="size-6" />}
              title={t('customer-documents.send.noDocumentsTitle')}
              description={t('customer-documents.send.noDocuments')}
            />
          ) : (
            <SelectField
              label={t('customer-documents.send.document')}
              {...form.field('documentId')}
              options={[
                { value: '', label: t('customer-documents.send.choose') },
                ...(documents ?? []).map((d) => ({
                  value: d.id,
                  label: `${d.name} — ${t(`customer-documents.kinds.${d.kind}`)}, ${t('customer-documents.versionShort', { number: d.currentVersionNumber })}`,
                })),
              ]}
            />
          )}
          <ChannelFields
            label={t('customer-documents.send.channel')}
            name="document-channel"
            customers={customers}
            options={options}
            value={channel}
            onChange={(v) => form.set('channel', v)}
            optionLabel={(c) => t(`customer-documents.channels.${c}`)}
          >
            {one && channelsFor(one).length < 3 && (
              <p className="text-xs text-muted" data-testid="send-document-channel-note">
                {t('customer-documents.send.channelNote')}
              </p>
            )}
            {!one && <p className="text-xs text-muted">{t('customer-documents.send.manyNote')}</p>}
            {blocked && <SendingBlockedNote />}
          </ChannelFields>
        </EntityFormElement>
      )}
    </Modal>
  )
}
