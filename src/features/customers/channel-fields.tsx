import type { ReactNode } from 'react'
import type { LocalCustomer } from '../../local-db/types'
import { RadioGroup } from '../../ui'

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
  return (
    <div className="flex flex-col gap-1.5">
      <RadioGroup
        label={label}
        name={name}
        options={options.map((c) => ({ value: c, label: optionLabel(c) }))}
        value={value}
        onChange={(v) => onChange(v as C)}
      />
      {children}
    </div>
  )
}
