import type { ContactChannel } from '../../../contract/enums'
import type { LocalCustomer } from '../../local-db/types'

export type ChannelChoice = ContactChannel | 'preferred'

/** The channels to offer: one customer gets only their allowed types; many also "each one's preferred". */
export function channelOptions(customers: LocalCustomer[]): ChannelChoice[] {
  if (customers.length === 1) return customers[0].allowedMessagingTypes
  return ['preferred', 'email', 'whatsapp']
}

export function initialChannel(customers: LocalCustomer[]): ChannelChoice {
  return customers.length === 1 ? customers[0].defaultMessagingType : 'preferred'
}
