import { Send, WifiOff } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type SendResult, ZSendQuestionnaire } from '../../../contract/questionnaires'
import { API } from '../../api/client'
import { apiCall } from '../../api/transport'
import type { LocalCustomer } from '../../local-db/types'
import { Button } from '../../ui/button'
import { EntityFormElement, useEntityForm } from '../../ui/form'
import { Modal } from '../../ui/modal'
import { notify } from '../../ui/notifications'
import { SelectField, TextArea } from '../../ui/fields'
import { SendingBlockedNote } from '../email-confirmation/sending-blocked-note'
import { useSendingBlocked } from '../email-confirmation/use-sending-blocked'
import { useOnline } from '../app/use-online'
import { useHasFeature } from '../subscription/upgrade-prompt'
import { useReplica } from '../sync/replica-context'
import { useQuestionnaires } from '../sync/use-questionnaires'
import { ChannelFields, unreachableBy } from '../customers/channel-fields'
import { type ChannelChoice, channelOptions, initialChannel } from './channel-choice'
import { SendResultView } from './send-result'
import { previewText, useMessageTemplate, useShortcutLink } from './use-message-preview'

type Props = { open: boolean; customers: LocalCustomer[]; onClose: () => void; onSent?: () => void }
const HAS_LINK = /\{\{\s*link\s*\}\}/

/** Send one customer questionnaire to one or many customers (online only: the server sends). */
export function SendQuestionnaireDialog({ open, customers, onClose, onSent }: Props) {
  const { t } = useTranslation()
  const replica = useReplica()
  const online = useOnline()
  const questionnaires = useQuestionnaires({ kind: 'customerQuestionnaire' })
  const template = useMessageTemplate(open && online)
  const [result, setResult] = useState<SendResult | null>(null)
  const whatsappInPlan = useHasFeature('whatsapp')
  // `message` null: the message follows the questionnaire's own template or the default, until edited.
  const form = useEntityForm({
    schema: ZSendQuestionnaire,
    // A fresh form each time the dialog opens (customers and their channels may have changed).
    initial: (): { questionnaireId: string; channel: ChannelChoice; message: string | null } => ({
      questionnaireId: '',
      channel: initialChannel(customers, whatsappInPlan),
      message: null,
    }),
    resetKey: open,
    onReset: () => setResult(null),
    fieldOf: (path) => path.split('.')[0] ?? path,
    toInput: (v): unknown => ({
      questionnaireId: v.questionnaireId || undefined,
      customerIds: customers.map((c) => c.id),
      channel: v.channel === 'preferred' ? undefined : v.channel,
      message: (v.message ?? suggested).trim() || undefined,
    }),
    check: (v): Record<string, string> | undefined => {
      const text = v.message ?? suggested
      if (!text.trim()) return { message: t('send-questionnaire.messageRequired') }
      if (!HAS_LINK.test(text)) return { message: t('send-questionnaire.linkMissing') }
      return undefined
    },
    submit: async (body) => {
      if (!replica || !online) return
      const res = await apiCall(API.questionnaires.send, {
        params: { org: replica.orgId, salon: replica.salonId },
        body,
      })
      onSent?.()
      if (res.failed.length === 0) {
        notify({ type: 'success', message: t('send-questionnaire.sentTo', { count: res.sent.length }) })
        onClose()
      } else setResult(res)
    },
  })
  const { questionnaireId, channel } = form.values
  // Questionnaires go by e-mail or WhatsApp only: nothing until the owner confirmed (issue 21 #16).
  const blocked = useSendingBlocked()
  const first = customers[0]
  const link = useShortcutLink(questionnaireId, first?.id, open && online)
  const chosen = questionnaires?.find((q) => q.id === questionnaireId)
  const suggested: string = chosen?.messageTemplate ?? template?.text ?? ''
  const message = form.values.message ?? suggested
  const unreachable = channel === 'preferred' ? 0 : unreachableBy(customers, channel)

  const names = customers.map((c) => c.fullName)
  const title = customers.length === 1 ? t('send-questionnaire.titleOne') : t('send-questionnaire.titleMany')
  return (
    <Modal
      open={open}
      onClose={onClose}
      // A chosen questionnaire or a message of one's own is not lost by a stray tap.
      dirty={!result && form.isDirty && !form.isBusy}
      title={title}
      width={560}
      footer={(requestClose) =>
        result ? (
          <Button onClick={onClose}>{t('common.close')}</Button>
        ) : (
          <>
            <Button variant="secondary" onClick={requestClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" form="send-questionnaire-form" loading={form.isBusy} disabled={!online || blocked}>
              <Send aria-hidden className="size-4" /> {t('send-questionnaire.send')}
            </Button>
          </>
        )
      }
    >
      {result ? (
        <SendResultView result={result} />
      ) : (
        <EntityFormElement form={form} id="send-questionnaire-form">
          {!online && (
            <p
              className="flex items-start gap-2 rounded-xl bg-canvas p-3 text-sm text-muted"
              data-testid="send-offline"
            >
              <WifiOff aria-hidden className="mt-0.5 size-4 shrink-0" /> {t('send-questionnaire.offline')}
            </p>
          )}
          {blocked && <SendingBlockedNote />}
          <p className="text-sm text-muted" data-testid="send-recipients">
            {customers.length === 1
              ? t('send-questionnaire.toOne', { name: names[0] })
              : t('send-questionnaire.toMany', {
                  count: customers.length,
                  names: names.slice(0, 5).join(', ') + (names.length > 5 ? ', …' : ''),
                })}
          </p>
          <SelectField
            label={t('send-questionnaire.questionnaire')}
            {...form.field('questionnaireId')}
            options={[
              { value: '', label: t('send-questionnaire.choose') },
              ...(questionnaires ?? []).map((q) => ({ value: q.id, label: q.name })),
            ]}
          />
          {/* With many customers a channel some cannot receive is still allowed: those are reported
              per customer after sending, and the warning says so beforehand. */}
          <ChannelFields
            label={t('send-questionnaire.channel')}
            name="send-channel"
            customers={customers}
            options={channelOptions(customers, whatsappInPlan)}
            value={channel}
            onChange={(v) => form.set('channel', v)}
            optionLabel={(c) => t(`send-questionnaire.channels.${c}`)}
          >
            {unreachable > 0 && (
              <p className="text-sm text-[#7a5209]" data-testid="channel-warning">
                {t('send-questionnaire.unreachable', { count: unreachable, total: customers.length })}
              </p>
            )}
          </ChannelFields>
          <TextArea
            label={t('send-questionnaire.message')}
            rows={5}
            value={message}
            error={form.error('message')}
            hint={t('send-questionnaire.placeholders')}
            onChange={(e) => form.set('message', e.target.value)}
          />
          {first && message.trim() && (
            <div className="flex flex-col gap-1.5">
              <p className="text-sm font-medium text-ink">
                {t('send-questionnaire.preview', { name: first.firstName })}
              </p>
              <p
                className="rounded-xl bg-canvas p-3 text-sm break-words whitespace-pre-wrap text-ink"
                data-testid="send-preview"
              >
                {previewText(message, first.firstName, link)}
              </p>
            </div>
          )}
        </EntityFormElement>
      )}
    </Modal>
  )
}
