import { describe, expect, it } from 'vitest'
import type { LocalCustomer } from '../../local-db/types'
import { channelOptions, initialChannel } from './channel-choice'

const customer = (defaultMessagingType: 'email' | 'whatsapp', allowed: ('email' | 'whatsapp')[]) =>
  ({ defaultMessagingType, allowedMessagingTypes: allowed }) as LocalCustomer

describe('send questionnaire: the channel choice and the plan (issue 22)', () => {
  it('starts on the customer’s own preference while WhatsApp is in the plan', () => {
    expect(initialChannel([customer('whatsapp', ['email', 'whatsapp'])])).toBe('whatsapp')
    expect(initialChannel([customer('email', ['email']), customer('whatsapp', ['whatsapp'])])).toBe('preferred')
  })
  it('never starts on WhatsApp outside the plan, and many customers lose "each one’s preferred"', () => {
    expect(initialChannel([customer('whatsapp', ['email', 'whatsapp'])], false)).toBe('email')
    expect(initialChannel([customer('email', ['email']), customer('whatsapp', ['whatsapp'])], false)).toBe('email')
    expect(channelOptions([customer('email', ['email']), customer('email', ['email'])], false)).toEqual([
      'email',
      'whatsapp',
    ])
    expect(channelOptions([customer('email', ['email']), customer('email', ['email'])])).toContain('preferred')
  })
})
