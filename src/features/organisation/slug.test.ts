import { describe, expect, it } from 'vitest'
import { isCheckableSlug, suggestSlug } from './slug'

describe('suggestSlug', () => {
  it('makes a web address from a company name', () => {
    expect(suggestSlug('Salon Lumière & Co')).toBe('salon-lumiere-co')
    expect(suggestSlug('  --Beauty  Bar--  ')).toBe('beauty-bar')
  })
  it('refuses reserved and malformed slugs before asking the server', () => {
    expect(isCheckableSlug('admin')).toBe(false)
    expect(isCheckableSlug('a')).toBe(false)
    expect(isCheckableSlug('salon-lumiere')).toBe(true)
  })
})
