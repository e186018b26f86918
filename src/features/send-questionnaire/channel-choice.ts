import type { ContactChannel } from '../../../contract/enums'
import type { LocalCustomer } from '../../local-db/types'

export type ChannelChoice = ContactChannel | 'preferred'

/**
 * The channels to offer: one customer gets only their allowed types; many also "each one's
 * preferred" — unless WhatsApp is outside the plan: the server refuses a send in which anyone's
 * preferred is WhatsApp (issue 22), and ChannelFields leaves WhatsApp out with the upgrade prompt.
 */
export function channelOptions(customers: LocalCustomer[], whatsappInPlan = true): ChannelChoice[] {
  if (customers.length === 1) return customers[0].allowedMessagingTypes
  return whatsappInPlan ? ['preferred', 'email', 'whatsapp'] : ['email', 'whatsapp']
}

export function initialChannel(customers: LocalCustomer[], whatsappInPlan = true): ChannelChoice {
  const chosen = customers.length === 1 ? customers[0].defaultMessagingType : 'preferred'
  if (whatsappInPlan || (chosen !== 'whatsapp' && chosen !== 'preferred')) return chosen
  return customers.length === 1
    ? (customers[0].allowedMessagingTypes.find((c) => c !== 'whatsapp') ?? 'email')
    : 'email'
}
