import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  type CustomerSubscription,
  ZCancelCustomerSubscriptionQuery,
  type ZCancelCustomerSubscriptionResult,
} from '../../../../contract/global-billing'
import type { z } from 'zod'
import { API } from '../../../api/client'
import { useApiMutation } from '../../../api/query'
import { FormModal, formatDate, notify, RadioGroup, TextArea, useEntityForm } from '../../../ui'
import { RefundResult } from './refund-result'
import { planName } from './subscription-row'

type Mode = 'endOfTerm' | 'now'
type Values = { reason: string; mode: Mode; refund: boolean }
type Result = z.infer<typeof ZCancelCustomerSubscriptionResult>

// The row's state and renewal, the organisation's own screens and the audit all change.
const invalidates = [
  API.globalSubscriptions.customerSubscriptions,
  API.globalOrganisations.list,
  API.globalOrganisations.get,
  API.globalAudit.list,
]

/**
 * Cancels an organisation's subscription with a reason (issue 23): at the end of the term (it
 * runs until valid-to, not extended) or now, optionally refunding the unused part of the last
 * payment. A refund's amount and credit note number are shown before the dialog closes.
 */
export function CancelSubscriptionDialog({ s, onClose }: { s: CustomerSubscription; onClose: () => void }) {
  const { t, i18n } = useTranslation()
  const [result, setResult] = useState<Result | null>(null)
  const cancel = useApiMutation(API.globalSubscriptions.cancelCustomerSubscription, { as: 'globalAdmin', invalidates })
  const name = s.organisation.name
  const form = useEntityForm({
    schema: ZCancelCustomerSubscriptionQuery,
    // Cancelled already: it can only end now (the end of its term is already its end).
    initial: { reason: '', mode: s.state === 'cancelled' ? 'now' : 'endOfTerm', refund: false } as Values,
    // The query carries text; a refund only goes with "now".
    toInput: (v: Values) => ({ ...v, refund: v.mode === 'now' && v.refund ? 'true' : 'false' }),
    submit: async (query) => {
      const answer = await cancel.mutateAsync({
        params: { id: s.id },
        query: { ...query, refund: query.refund ? 'true' : 'false' },
      })
      if (answer.refund) return setResult(answer)
      notify({ type: 'success', message: t('global-subscriptions.cancelled', { name }) })
      onClose()
    },
  })
  if (result?.refund) return <RefundResult name={name} refund={result.refund} onClose={onClose} />

  const mode = form.values.mode
  const modes: { value: Mode; label: string }[] = [
    ...(s.state === 'cancelled'
      ? []
      : [{ value: 'endOfTerm' as const, label: t('global-subscriptions.modeEndOfTerm') }]),
    { value: 'now', label: t('global-subscriptions.modeNow') },
  ]
  return (
    <FormModal
      form={form}
      open
      onClose={onClose}
      title={t('global-subscriptions.cancelTitle', { name })}
      formId="cancel-subscription-form"
      className="flex flex-col gap-4"
      submitLabel={t('global-subscriptions.cancelSubmit')}
      cancelLabel={t('global-subscriptions.cancelKeep')}
      submitVariant="danger"
      data-testid="cancel-subscription-form"
    >
      <p className="text-sm text-muted">
        {t('global-subscriptions.cancelText', { plan: planName(s, i18n.language), date: formatDate(s.validTo) })}
      </p>
      <TextArea label={t('global-subscriptions.reason')} rows={3} {...form.field('reason')} />
      <RadioGroup
        label={t('global-subscriptions.mode')}
        options={modes}
        value={mode}
        onChange={(v) => form.set('mode', v as Mode)}
        error={form.error('mode')}
      />
      <p className="-mt-2 text-sm text-muted" aria-live="polite">
        {mode === 'now'
          ? t('global-subscriptions.modeNowHint')
          : t('global-subscriptions.modeEndOfTermHint', { date: formatDate(s.validTo) })}
      </p>
      {mode === 'now' && (
        <div className="flex flex-col gap-1">
          <label className="flex min-h-11 cursor-pointer items-center gap-2.5 text-sm text-ink">
            <input
              type="checkbox"
              checked={form.values.refund}
              onChange={(e) => form.set('refund', e.target.checked)}
              className="size-5 accent-[var(--color-primary-dark)]"
              aria-describedby="cancel-refund-hint"
            />
            {t('global-subscriptions.refund')}
          </label>
          <p id="cancel-refund-hint" className="text-sm text-muted">
            {t('global-subscriptions.refundHint')}
          </p>
        </div>
      )}
    </FormModal>
  )
}
