import { v7 as uuidv7 } from 'uuid'
import { afterAll } from 'vitest'
import type { Db } from '../../server/db/client'
import { organisations } from '../../server/db/schema'
import { unique } from '../helpers/app'
import { createTestDatabase } from '../helpers/db'

/** An organisation row for the billing service tests (country and VAT number as its form takes them). */
export async function insertOrganisation(db: Db, over: { country?: string; vatNumber?: string } = {}) {
  const id = uuidv7()
  const companyName = unique('Salon ')
  await db.insert(organisations).values({
    id,
    legalName: `${companyName} B.V.`,
    companyName,
    slug: unique('org-'),
    vatNumber: over.vatNumber ?? 'NL123456789B01',
    invoiceLanguage: 'nl',
    country: over.country ?? 'Nederland',
    addressLine1: 'Kerkstraat 1',
    postalCode: '1011AA',
    city: 'Amsterdam',
    contactPerson: 'Eva de Vries',
  })
  return { id, country: over.country ?? 'Nederland', vatNumber: over.vatNumber ?? 'NL123456789B01' }
}

/** A fresh migrated database for one file (PGlite, or PostgreSQL with TEST_DATABASE_URL), closed after it. */
export async function billingDatabase(): Promise<Db> {
  const database = await createTestDatabase()
  afterAll(() => database.close())
  return database.db
}
