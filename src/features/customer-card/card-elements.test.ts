import { describe, expect, it } from 'vitest'
import { defaultDashboardConfig } from '../../../contract/dashboard'
import { formatPhone } from '../../../contract/phone'
import type { LocalCustomer } from '../../local-db/types'
import { type CardContext, resolveElement } from './card-elements'

// Issue 21 #21: one phone format for staff — the card shows a number as the customer list does.
describe('customer card: the phone number', () => {
  it('reads as the list formats it (formatPhone in the organisation region), not the stored +31…', () => {
    const phone = defaultDashboardConfig([])
      .modules.flatMap((m) => m.elements)
      .find((e) => e.source.kind === 'field' && e.source.field === 'phoneNumber')
    const ctx = {
      questionnaires: new Map(),
      answers: {},
      customer: { phoneNumber: '+31612345678' } as unknown as LocalCustomer,
      customFields: new Map(),
      lang: 'nl',
      t: ((k: string) => k) as unknown as CardContext['t'],
      formatPhone: (v: string) => formatPhone(v, 'NL'),
    } as CardContext
    const shown = phone && resolveElement(phone, ctx)
    expect(shown).toMatchObject({ kind: 'text', text: formatPhone('+31612345678', 'NL') })
    expect(formatPhone('+31612345678', 'NL')).not.toBe('+31612345678')
  })
})
