import { eq, sql } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import { PERMISSIONS } from '../contract/permissions'
import { createSession } from '../server/auth/sessions'
import type { Db } from '../server/db/client'
import { customers, employeeSalonRoles, employees, organisations, roles, salons } from '../server/db/schema'

const FIRST = ['Anna', 'Bram', 'Carla', 'Daan', 'Eva', 'Fenna', 'Gijs', 'Hanna', 'Isa', 'Jesse', 'Lotte', 'Milan']
const LAST = ['de Vries', 'Jansen', 'Bakker', 'Visser', 'Smit', 'Meijer', 'de Boer', 'Mulder', 'de Groot', 'Bos']
const CITIES = ['Amsterdam', 'Utrecht', 'Rotterdam', 'Den Haag', 'Haarlem', 'Leiden']

export type BenchOrg = {
  orgId: string
  salonId: string
  slug: string
  token: string
  customers: number
  /** A session of the first customer, for the customer-area scenarios. */
  customer: { id: string; token: string }
}

/**
 * One organisation with one branch holding `count` customers (bulk insert, versions 1..count as
 * if each had been written through the service), an owner with every permission and a session.
 */
export async function seedBench(db: Db, count: number): Promise<BenchOrg> {
  const orgId = uuidv7()
  const salonId = uuidv7()
  const slug = `bench-${orgId.slice(-8)}`
  await db.insert(organisations).values({
    id: orgId,
    legalName: 'Bench Salon B.V.',
    companyName: `Bench Salon ${orgId.slice(-6)}`,
    slug,
    vatNumber: 'NL000000000B01',
    invoiceLanguage: 'nl',
    country: 'NL',
    addressLine1: 'Benchstraat 1',
    postalCode: '1000AA',
    city: 'Amsterdam',
    contactPerson: 'Bench',
  })
  await db.insert(salons).values({ id: salonId, organisationId: orgId, name: 'Amsterdam Centrum' })
  const roleId = uuidv7()
  await db.insert(roles).values({ id: roleId, organisationId: orgId, name: 'Owner', permissions: [...PERMISSIONS] })
  const employeeId = uuidv7()
  await db.insert(employees).values({
    id: employeeId,
    organisationId: orgId,
    firstName: 'Bench',
    lastName: 'Owner',
    email: `owner-${orgId}@bench.test`,
    passwordHash: 'x',
  })
  await db.insert(employeeSalonRoles).values({ organisationId: orgId, employeeId, salonId, roleId })

  const CHUNK = 1000
  for (let start = 0; start < count; start += CHUNK) {
    const rows = Array.from({ length: Math.min(CHUNK, count - start) }, (_, j) => {
      const i = start + j
      const firstName = FIRST[i % FIRST.length]
      const lastName = `${LAST[Math.floor(i / FIRST.length) % LAST.length]} ${i}`
      return {
        id: uuidv7(),
        organisationId: orgId,
        email: `${firstName.toLowerCase()}.${i}@example.test`,
        firstName,
        lastName,
        phoneNumber: `+316${String(10_000_000 + i * 7919).slice(-8)}`,
        city: CITIES[i % CITIES.length],
        salonIds: [salonId],
        allowedMessagingTypes: ['email'],
        version: i + 1,
      }
    })
    await db.insert(customers).values(rows)
  }
  await db.execute(sql`update organisations set version_counter = ${count + 1} where id = ${orgId}`)
  await db.execute(sql`update salons set version = ${count + 1} where id = ${salonId}`)
  await db.execute(sql`analyze customers`)
  const { token } = await createSession(db, {
    kind: 'employee',
    subjectId: employeeId,
    organisationId: orgId,
    ttlHours: 2,
  })
  const [first] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.organisationId, orgId))
    .limit(1)
  const customer = await createSession(db, {
    kind: 'customer',
    subjectId: first.id,
    organisationId: orgId,
    ttlHours: 2,
  })
  return { orgId, salonId, slug, token, customers: count, customer: { id: first.id, token: customer.token } }
}
