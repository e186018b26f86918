import { type ReactNode, useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import type { LocalCustomer } from '../../local-db/types'
import { RadioGroup } from '../../ui/choices'
import { UpgradePrompt, useHasFeature } from '../subscription/upgrade-prompt'
import { useCreditBalance } from '../whatsapp-credits/use-credits'

/**
 * How a message reaches a customer (spec: contact channel email/whatsapp, notification channel
 * email/whatsApp/inApp), one rule for every "send" dialog: in-app always; e-mail and WhatsApp
 * only within the customer's allowed types, and WhatsApp only with a phone number.
 */
export type Reach = 'inApp' | 'email' | 'whatsapp'

export function canReach(c: LocalCustomer, channel: Reach): boolean {
  if (channel === 'inApp') return true
  if (!c.allowedMessagingTypes.includes(channel)) return false
  return channel !== 'whatsapp' || !!c.phoneNumber
}

/** How many of the customers a channel cannot reach (reported per customer after sending). */
export const unreachableBy = (customers: LocalCustomer[], channel: Reach) =>
  customers.filter((c) => !canReach(c, channel)).length

type Props<C extends string> = {
  label: string
  /** The radio group's name (one per dialog: two dialogs may be open in a test). */
  name: string
  options: readonly C[]
  value: C
  onChange: (value: C) => void
  optionLabel: (channel: C) => string
  /** What the choice means for these customers (who cannot be reached, what is left out). */
  children?: ReactNode
  /** Who is sent to: one customer who cannot get WhatsApp is told why (issue 23). */
  customers?: readonly LocalCustomer[]
}

/** The dialogs name WhatsApp `whatsapp` (contact channel) or `whatsApp` (notification channel). */
const isWhatsapp = (c: string) => c === 'whatsapp' || c === 'whatsApp'

/**
 * Why WhatsApp cannot be chosen here, in the spec's words (§8), or null: no credits for one
 * message (the balance as last asked; offline nothing is claimed and the server decides), or the
 * one customer did not allow it or has no phone number.
 */
function useWhatsappProblem(customers: readonly LocalCustomer[] | undefined, inPlan: boolean): string | null {
  const { t } = useTranslation()
  const balance = useCreditBalance(inPlan)
  if (!inPlan) return null
  if (balance && balance.balance < balance.costs.utility) return t('validation.send.noCredits')
  if (customers?.length !== 1) return null
  const [c] = customers
  if (!c.allowedMessagingTypes.includes('whatsapp')) return t('validation.send.notificationType')
  if (!c.phoneNumber) return t('validation.send.noPhone')
  return null
}

/**
 * The channel choice of the send dialogs (a questionnaire, a document, the advice notice): the
 * channels offered and a note below. Each dialog keeps its own channel names (the endpoints
 * differ) and texts; the choice itself and who can be reached are decided here once.
 *
 * Issue 22: outside the plan's `whatsapp` feature the WhatsApp option (which the server refuses
 * with FEATURE_NOT_IN_PLAN) is left out and the upgrade prompt says why. The dialogs start on
 * another channel then (`initialChannel`). Issue 23: without credits for a message, or for one
 * customer who did not allow WhatsApp or has no phone number, it is left out with the reason.
 */
export function ChannelFields<C extends string>({
  label,
  name,
  options,
  value,
  onChange,
  optionLabel,
  children,
  customers,
}: Props<C>) {
  const { t } = useTranslation()
  const whatsappInPlan = useHasFeature('whatsapp')
  const problem = useWhatsappProblem(customers, whatsappInPlan)
  const offered = options.filter((c) => !isWhatsapp(c) || (whatsappInPlan && !problem))
  // WhatsApp chosen (a customer's default) but not possible: the next channel that is.
  const fallback = isWhatsapp(value) && !offered.includes(value) ? offered[0] : undefined
  useEffect(() => {
    if (fallback !== undefined) onChange(fallback)
  }, [fallback, onChange])
  const whatsappOffered = options.some(isWhatsapp)
  return (
    <div className="flex flex-col gap-1.5">
      <RadioGroup
        label={label}
        name={name}
        options={offered.map((c) => ({ value: c, label: optionLabel(c) }))}
        value={value}
        onChange={(v) => onChange(v as C)}
      />
      {whatsappOffered && !whatsappInPlan && <UpgradePrompt feature="whatsapp" compact />}
      {whatsappOffered && problem && (
        <p className="text-sm text-muted" data-testid="whatsapp-unavailable">
          {t('whatsapp-credits.unavailable', { reason: problem })}
        </p>
      )}
      {children}
    </div>
  )
}
