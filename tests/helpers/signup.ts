import { randomInt } from 'node:crypto'
import type { CreateOrganisation } from '../../contract/organisations'
import { unique } from './app'

/** A complete, valid sign-up body with unique slug, company name and admin e-mail. */
export function signupInput(overrides: Partial<CreateOrganisation> = {}): CreateOrganisation {
  const slug = unique('salon-')
  return {
    legalName: 'Kapsalon Test B.V.',
    companyName: unique('Kapsalon '),
    slug,
    vatNumber: 'NL123456789B01',
    invoiceLanguage: 'nl',
    country: 'Nederland',
    addressLine1: 'Kerkstraat 1',
    addressLine2: '',
    postalCode: '1011 AA',
    city: 'Amsterdam',
    contactPerson: 'Eva de Vries',
    branchName: 'Centrum',
    admin: {
      firstName: 'Eva',
      lastName: 'de Vries',
      email: `${slug}@example.test`,
      password: 'Geheim123',
      language: 'nl',
    },
    ...overrides,
  }
}

/**
 * A fresh client address per call, so per-IP rate limits of one test do not spill into the next
 * (inject's `remoteAddress`).
 */
export const freshIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`
