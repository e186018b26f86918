import { v7 as uuidv7 } from 'uuid'
import { PERMISSIONS, type Permission } from '../../contract/permissions'
import type { App } from '../../server/app'
import { createSession } from '../../server/auth/sessions'
import { employeeSalonRoles, employees, organisations, roles, salons } from '../../server/db/schema'
import { nextVersion } from '../../server/db/versions'
import { unique } from './app'

/*
 * Test factories write rows straight into the database so each resource's tests only depend on
 * the schema, not on other resources' endpoints. Values are random and unique.
 */

// Pre-computed scrypt hash of 'Password1' (hashing per test would cost ~100 ms each).
export const TEST_PASSWORD = 'Password1'
let passwordHash: string | undefined
async function testPasswordHash() {
  const { hashPassword } = await import('../../server/auth/passwords')
  passwordHash ??= await hashPassword(TEST_PASSWORD)
  return passwordHash
}

/** Only the database is used: an app, or a test that runs the server in other processes (tests/scale). */
export type Seeder = Pick<App, 'db'>

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

export type SeededEmployee = { id: string; email: string; token: string; headers: Record<string, string> }
export type SeededOrganisation = {
  id: string
  slug: string
  companyName: string
  salons: { id: string; name: string }[]
  ownerRoleId: string
  owner: SeededEmployee
}

/**
 * An organisation as one that is in use: its owner confirmed their e-mail address, so it may send
 * (issue 21 #16). `emailConfirmed: false` seeds one fresh from sign-up.
 */
export async function seedOrganisation(
  app: Seeder,
  opts: { salons?: number; emailConfirmed?: boolean } = {},
): Promise<SeededOrganisation> {
  const db = app.db
  const id = uuidv7()
  const slug = unique('org-')
  const companyName = unique('Salon ')
  await db.insert(organisations).values({
    id,
    legalName: `${companyName} B.V.`,
    companyName,
    slug,
    vatNumber: 'NL123456789B01',
    invoiceLanguage: 'nl',
    country: 'NL',
    addressLine1: 'Kerkstraat 1',
    postalCode: '1011AA',
    city: 'Amsterdam',
    contactPerson: 'Eva de Vries',
    emailConfirmedAt: opts.emailConfirmed === false ? null : new Date(),
  })
  const salonRows = Array.from({ length: opts.salons ?? 1 }, (_, i) => ({
    id: uuidv7(),
    organisationId: id,
    name: `Branch ${i + 1}`,
  }))
  await db.insert(salons).values(salonRows)
  const ownerRoleId = uuidv7()
  await db.insert(roles).values({
    id: ownerRoleId,
    organisationId: id,
    name: 'Owner',
    permissions: [...PERMISSIONS],
    version: await nextVersion(db, id),
  })
  const org = { id, slug, companyName, salons: salonRows.map((s) => ({ id: s.id, name: s.name })), ownerRoleId }
  const owner = await seedEmployee(app, {
    organisationId: id,
    salonIds: salonRows.map((s) => s.id),
    roleId: ownerRoleId,
  })
  return { ...org, owner }
}

/**
 * An employee with a role in the given branches: either an existing role, or a new role made
 * of exactly `permissions`.
 */
export async function seedEmployee(
  app: Seeder,
  opts: { organisationId: string; salonIds: string[]; roleId?: string; permissions?: Permission[]; email?: string },
): Promise<SeededEmployee> {
  const db = app.db
  let roleId = opts.roleId
  if (!roleId) {
    roleId = uuidv7()
    await db.insert(roles).values({
      id: roleId,
      organisationId: opts.organisationId,
      name: unique('Role '),
      permissions: opts.permissions ?? [],
      version: await nextVersion(db, opts.organisationId),
    })
  }
  const id = uuidv7()
  const email = opts.email ?? `${unique('emp-')}@example.test`
  await db.insert(employees).values({
    id,
    organisationId: opts.organisationId,
    firstName: 'Test',
    lastName: 'Employee',
    email,
    passwordHash: await testPasswordHash(),
    language: 'en',
    // Synced rows page by version (sync feed): each row its own, as the API's writes give them.
    version: await nextVersion(db, opts.organisationId),
  })
  if (opts.salonIds.length)
    await db
      .insert(employeeSalonRoles)
      .values(
        opts.salonIds.map((salonId) => ({ organisationId: opts.organisationId, employeeId: id, salonId, roleId })),
      )
  const { token } = await createSession(db, {
    kind: 'employee',
    subjectId: id,
    organisationId: opts.organisationId,
    ttlHours: 1,
  })
  return { id, email, token, headers: bearer(token) }
}
