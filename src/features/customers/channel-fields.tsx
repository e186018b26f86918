import type { ReactNode } from 'react'
import type { LocalCustomer } from '../../local-db/types'
import { RadioGroup } from '../../ui'
import { UpgradePrompt, useHasFeature } from '../subscription/upgrade-prompt'

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
}

/**
 * The channel choice of the send dialogs (a questionnaire, a document, the advice notice): the
 * channels offered and a note below. Each dialog keeps its own channel names (the endpoints
 * differ) and texts; the choice itself and who can be reached are decided here once.
 *
 * Issue 22: outside the plan's `whatsapp` feature the option `whatsapp` (the questionnaire's and
 * the advice notice's, which the server refuses with FEATURE_NOT_IN_PLAN) is left out and the
 * upgrade prompt says why. The dialogs start on another channel then (`initialChannel`).
 */
export function ChannelFields<C extends string>({
  label,
  name,
  options,
  value,
  onChange,
  optionLabel,
  children,
}: Props<C>) {
  const whatsappInPlan = useHasFeature('whatsapp')
  const offered = whatsappInPlan ? options : options.filter((c) => c !== 'whatsapp')
  return (
    <div className="flex flex-col gap-1.5">
      <RadioGroup
        label={label}
        name={name}
        options={offered.map((c) => ({ value: c, label: optionLabel(c) }))}
        value={value}
        onChange={(v) => onChange(v as C)}
      />
      {offered.length < options.length && <UpgradePrompt feature="whatsapp" compact />}
      {children}
    </div>
  )
}
