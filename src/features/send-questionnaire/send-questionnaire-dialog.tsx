import { Send, WifiOff } from 'lucide-react'
import { type FormEvent, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type SendResult, ZSendQuestionnaire } from '../../../contract/questionnaires'
import { API, call } from '../../api/client'
import type { LocalCustomer } from '../../local-db/types'
import {
  Button,
  FormError,
  Modal,
  notify,
  SelectField,
  TextArea,
  translateValidation,
  useApiErrorMessage,
  useFieldErrors,
  zodFieldErrors,
} from '../../ui'
import { useOnline } from '../app/use-online'
import { getEmployeeToken } from '../auth/session'
import { useReplica } from '../sync/replica-context'
import { useQuestionnaires } from '../sync/use-questionnaires'
import { type ChannelChoice, ChannelChoiceField, initialChannel } from './channel-choice'
import { SendResultView } from './send-result'
import { previewText, useMessageTemplate, useShortcutLink } from './use-message-preview'

type Props = { open: boolean; customers: LocalCustomer[]; onClose: () => void; onSent?: () => void }
const HAS_LINK = /\{\{\s*link\s*\}\}/

/** Send one customer questionnaire to one or many customers (online only: the server sends). */
export function SendQuestionnaireDialog({ open, customers, onClose, onSent }: Props) {
  const { t } = useTranslation()
  const replica = useReplica()
  const online = useOnline()
  const errorText = useApiErrorMessage()
  const questionnaires = useQuestionnaires({ kind: 'customerQuestionnaire' })
  const template = useMessageTemplate(open && online)
  const [questionnaireId, setQuestionnaireId] = useState('')
  const [channel, setChannel] = useState<ChannelChoice>('preferred')
  const [message, setMessage] = useState('')
  const [edited, setEdited] = useState(false)
  const [errors, setErrors] = useFieldErrors<Record<string, string>>()
  const [formError, setFormError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [result, setResult] = useState<SendResult | null>(null)
  const first = customers[0]
  const link = useShortcutLink(questionnaireId, first?.id, open && online)

  // A fresh form each time the dialog opens (customers and their channels may have changed).
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on open only
  useEffect(() => {
    if (!open) return
    setQuestionnaireId('')
    setChannel(initialChannel(customers))
    setEdited(false)
    setErrors({})
    setFormError(null)
    setResult(null)
  }, [open])
  // Until the user edits it, the message follows the questionnaire's own template or the default.
  const chosen = questionnaires?.find((q) => q.id === questionnaireId)
  const suggested = chosen?.messageTemplate ?? template?.text ?? ''
  useEffect(() => {
    if (!edited) setMessage(suggested)
  }, [edited, suggested])

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault()
    if (!replica || busy || !online) return
    setFormError(null)
    const parsed = ZSendQuestionnaire.safeParse({
      questionnaireId: questionnaireId || undefined,
      customerIds: customers.map((c) => c.id),
      channel: channel === 'preferred' ? undefined : channel,
      message: message.trim() || undefined,
    })
    const next: Record<string, string> = {}
    if (!parsed.success)
      for (const [path, msg] of Object.entries(zodFieldErrors(parsed.error)))
        next[path.split('.')[0]] ??= translateValidation(t, msg)
    if (!message.trim()) next.message = t('send-questionnaire.messageRequired')
    else if (!HAS_LINK.test(message)) next.message = t('send-questionnaire.linkMissing')
    setErrors(next)
    if (!parsed.success || Object.keys(next).length) return
    setBusy(true)
    try {
      const res = await call(API.questionnaires.send, {
        params: { org: replica.orgId, salon: replica.salonId },
        body: parsed.data,
        token: getEmployeeToken(),
      })
      onSent?.()
      if (res.failed.length === 0) {
        notify({ type: 'success', message: t('send-questionnaire.sentTo', { count: res.sent.length }) })
        onClose()
      } else setResult(res)
    } catch (err) {
      setFormError(errorText(err))
    } finally {
      setBusy(false)
    }
  }

  const names = customers.map((c) => c.fullName)
  const title = customers.length === 1 ? t('send-questionnaire.titleOne') : t('send-questionnaire.titleMany')
  return (
    <Modal
      open={open}
      onClose={onClose}
      // A chosen questionnaire or a message of one's own is not lost by a stray tap.
      dirty={!result && (questionnaireId !== '' || edited)}
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
            <Button type="submit" form="send-questionnaire-form" loading={busy} disabled={!online}>
              <Send aria-hidden className="size-4" /> {t('send-questionnaire.send')}
            </Button>
          </>
        )
      }
    >
      {result ? (
        <SendResultView result={result} />
      ) : (
        <form
          id="send-questionnaire-form"
          noValidate
          onSubmit={(e) => void onSubmit(e)}
          className="flex flex-col gap-5"
        >
          {!online && (
            <p
              className="flex items-start gap-2 rounded-xl bg-canvas p-3 text-sm text-muted"
              data-testid="send-offline"
            >
              <WifiOff aria-hidden className="mt-0.5 size-4 shrink-0" /> {t('send-questionnaire.offline')}
            </p>
          )}
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
            value={questionnaireId}
            error={errors.questionnaireId}
            onChange={(e) => {
              setQuestionnaireId(e.target.value)
              setErrors(({ questionnaireId: _, ...rest }) => rest)
            }}
            options={[
              { value: '', label: t('send-questionnaire.choose') },
              ...(questionnaires ?? []).map((q) => ({ value: q.id, label: q.name })),
            ]}
          />
          <ChannelChoiceField customers={customers} value={channel} onChange={setChannel} />
          <TextArea
            label={t('send-questionnaire.message')}
            rows={5}
            value={message}
            error={errors.message}
            hint={t('send-questionnaire.placeholders')}
            onChange={(e) => {
              setEdited(true)
              setMessage(e.target.value)
              setErrors(({ message: _, ...rest }) => rest)
            }}
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
          {formError && <FormError text={formError} />}
        </form>
      )}
    </Modal>
  )
}
