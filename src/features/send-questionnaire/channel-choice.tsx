import { useTranslation } from 'react-i18next'
import type { ContactChannel } from '../../../contract/enums'
import type { LocalCustomer } from '../../local-db/types'
import { RadioGroup } from '../../ui'

export type ChannelChoice = ContactChannel | 'preferred'

/** The channels to offer: one customer gets only their allowed types; many also "each one's preferred". */
export function channelOptions(customers: LocalCustomer[]): ChannelChoice[] {
  if (customers.length === 1) return customers[0].allowedMessagingTypes
  return ['preferred', 'email', 'whatsapp']
}

export function initialChannel(customers: LocalCustomer[]): ChannelChoice {
  return customers.length === 1 ? customers[0].defaultMessagingType : 'preferred'
}

type Props = { customers: LocalCustomer[]; value: ChannelChoice; onChange: (v: ChannelChoice) => void }

/**
 * E-mail or WhatsApp. With many customers a channel some of them cannot receive is still allowed:
 * those are reported per customer after sending, and the hint says so beforehand.
 */
export function ChannelChoiceField({ customers, value, onChange }: Props) {
  const { t } = useTranslation()
  const options = channelOptions(customers).map((c) => ({ value: c, label: t(`send-questionnaire.channels.${c}`) }))
  const unreachable =
    value === 'preferred'
      ? 0
      : customers.filter((c) => !c.allowedMessagingTypes.includes(value) || (value === 'whatsapp' && !c.phoneNumber))
          .length
  return (
    <div className="flex flex-col gap-1.5">
      <RadioGroup
        label={t('send-questionnaire.channel')}
        name="send-channel"
        options={options}
        value={value}
        onChange={(v) => onChange(v as ChannelChoice)}
      />
      {unreachable > 0 && (
        <p className="text-sm text-[#7a5209]" data-testid="channel-warning">
          {t('send-questionnaire.unreachable', { count: unreachable, total: customers.length })}
        </p>
      )}
    </div>
  )
}
