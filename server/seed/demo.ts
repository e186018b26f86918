import { v7 as uuidv7 } from 'uuid'
import { PERMISSIONS } from '../../contract/permissions'
import { hashPassword } from '../auth/passwords'
import type { Db } from '../db/client'
import { customers, employeeSalonRoles, employees, organisations, roles, salons } from '../db/schema'
import { nextVersion } from '../db/versions'
import { copyProviderQuestionnaires } from '../services/questionnaires/provider-templates'

export const DEMO = {
  slug: 'demo',
  companyName: 'Salon Lumière',
  password: 'Demo-Salon1',
  ownerEmail: 'eigenaar@demo.salon',
  receptionEmail: 'balie@demo.salon',
  customerEmail: 'klant@demo.salon',
} as const

type DemoCustomer = {
  email: string
  firstName: string
  lastName: string
  dateOfBirth?: string
  gender: 'female' | 'male' | 'undefined'
  phoneNumber?: string
  city: string
  /** Index into the branches: 0 Amsterdam Centrum, 1 Utrecht. */
  branches: number[]
}

const CUSTOMERS: DemoCustomer[] = [
  {
    email: DEMO.customerEmail,
    firstName: 'Sanne',
    lastName: 'de Jong',
    dateOfBirth: '1990-04-12',
    gender: 'female',
    phoneNumber: '+31612345678',
    city: 'Amsterdam',
    branches: [0],
  },
  {
    email: 'lotte.visser@example.com',
    firstName: 'Lotte',
    lastName: 'Visser',
    dateOfBirth: '1985-09-30',
    gender: 'female',
    phoneNumber: '+31623456789',
    city: 'Amsterdam',
    branches: [0],
  },
  {
    email: 'daan.bakker@example.com',
    firstName: 'Daan',
    lastName: 'Bakker',
    gender: 'male',
    city: 'Amstelveen',
    branches: [0],
  },
  {
    email: 'emma.smit@example.com',
    firstName: 'Emma',
    lastName: 'Smit',
    dateOfBirth: '1998-01-05',
    gender: 'female',
    phoneNumber: '+31634567890',
    city: 'Haarlem',
    branches: [0, 1],
  },
  {
    email: 'noah.meijer@example.com',
    firstName: 'Noah',
    lastName: 'Meijer',
    gender: 'male',
    city: 'Utrecht',
    branches: [1],
  },
  {
    email: 'julia.mulder@example.com',
    firstName: 'Julia',
    lastName: 'Mulder',
    dateOfBirth: '1979-07-21',
    gender: 'female',
    city: 'Utrecht',
    branches: [1],
  },
  {
    email: 'sophie.bos@example.com',
    firstName: 'Sophie',
    lastName: 'Bos',
    gender: 'undefined',
    phoneNumber: '+31645678901',
    city: 'Zeist',
    branches: [1],
  },
  {
    email: 'milan.vos@example.com',
    firstName: 'Milan',
    lastName: 'Vos',
    dateOfBirth: '2001-11-02',
    gender: 'male',
    city: 'Amsterdam',
    branches: [0],
  },
]

/**
 * The demo organisation (slug `demo`): two branches, an owner with every permission, a
 * receptionist who reads and manages customers in Amsterdam only, eight customers and 50
 * WhatsApp credits. One transaction; synced rows take versions like any other write.
 */
export async function seedDemoOrganisation(db: Db): Promise<void> {
  const [ownerHash, receptionHash] = await Promise.all([hashPassword(DEMO.password), hashPassword(DEMO.password)])
  await db.transaction(async (tx) => {
    const orgId = uuidv7()
    await tx.insert(organisations).values({
      id: orgId,
      legalName: 'Salon Lumière B.V.',
      companyName: DEMO.companyName,
      slug: DEMO.slug,
      vatNumber: 'NL859123456B01',
      invoiceLanguage: 'nl',
      country: 'Nederland',
      addressLine1: 'Prinsengracht 263',
      postalCode: '1016 GV',
      city: 'Amsterdam',
      contactPerson: 'Eva de Vries',
      whatsappCredits: 50,
    })
    const branchIds: string[] = []
    for (const name of ['Amsterdam Centrum', 'Utrecht']) {
      const id = uuidv7()
      branchIds.push(id)
      await tx.insert(salons).values({ id, organisationId: orgId, name, version: await nextVersion(tx, orgId) })
    }
    const ownerRole = uuidv7()
    const receptionRole = uuidv7()
    await tx.insert(roles).values([
      { id: ownerRole, organisationId: orgId, name: 'Eigenaar', permissions: [...PERMISSIONS] },
      { id: receptionRole, organisationId: orgId, name: 'Receptie', permissions: ['readCustomers', 'manageCustomers'] },
    ])
    const owner = uuidv7()
    const reception = uuidv7()
    await tx.insert(employees).values([
      {
        id: owner,
        organisationId: orgId,
        firstName: 'Eva',
        lastName: 'de Vries',
        email: DEMO.ownerEmail,
        passwordHash: ownerHash,
        language: 'nl',
      },
      {
        id: reception,
        organisationId: orgId,
        firstName: 'Bas',
        lastName: 'Jansen',
        email: DEMO.receptionEmail,
        passwordHash: receptionHash,
        language: 'nl',
      },
    ])
    await tx
      .insert(employeeSalonRoles)
      .values([
        ...branchIds.map((salonId) => ({ organisationId: orgId, employeeId: owner, salonId, roleId: ownerRole })),
        { organisationId: orgId, employeeId: reception, salonId: branchIds[0], roleId: receptionRole },
      ])
    await copyProviderQuestionnaires(tx, orgId, 'nl')
    for (const c of CUSTOMERS) {
      await tx.insert(customers).values({
        id: uuidv7(),
        organisationId: orgId,
        email: c.email,
        firstName: c.firstName,
        lastName: c.lastName,
        dateOfBirth: c.dateOfBirth ?? null,
        gender: c.gender,
        phoneNumber: c.phoneNumber ?? null,
        city: c.city,
        salonIds: c.branches.map((i) => branchIds[i]),
        defaultMessagingType: 'email',
        allowedMessagingTypes: c.phoneNumber ? ['email', 'whatsapp'] : ['email'],
        version: await nextVersion(tx, orgId),
      })
    }
  })
}
