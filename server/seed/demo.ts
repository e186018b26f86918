import { v7 as uuidv7 } from 'uuid'
import { hashPassword } from '../auth/passwords'
import type { Db } from '../db/client'
import { and, eq } from 'drizzle-orm'
import type { DbOrTx } from '../db/client'
import {
  adviceConditions,
  adviceGroups,
  advices,
  customers,
  employeeSalonRoles,
  employees,
  organisations,
  questionnaires,
  roles,
  salons,
  subscriptions,
} from '../db/schema'
import { nextVersion } from '../db/versions'
import { findOptionByCode } from '../services/billing/plans'
import { addPeriods } from '../services/billing/pricing'
import { copyProviderQuestionnaires } from '../services/questionnaires/provider-templates'
import { type PresetKey, presetRoles } from '../services/roles/presets'
import { seedDemoDocuments } from './demo-documents'

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

type DemoEmployee = {
  firstName: string
  lastName: string
  email: string
  /** Signs in with the demo password; otherwise invited (no password yet). */
  password: boolean
  deactivated?: boolean
  /** Preset role per branch index (0 Amsterdam Centrum, 1 Utrecht). */
  access: [number, PresetKey][]
}

/**
 * The team: the owner and the receptionist sign in (e2e tests use both); a manager of Utrecht and
 * a specialist of Amsterdam sign in too; one specialist is still invited and one former employee
 * is deactivated, so the employees screen shows every status.
 */
const TEAM: DemoEmployee[] = [
  {
    firstName: 'Eva',
    lastName: 'de Vries',
    email: DEMO.ownerEmail,
    password: true,
    access: [
      [0, 'owner'],
      [1, 'owner'],
    ],
  },
  // Receptie: customers in Amsterdam only (no questionnaire screens; e2e no-access and kiosk).
  { firstName: 'Bas', lastName: 'Jansen', email: DEMO.receptionEmail, password: true, access: [[0, 'receptionist']] },
  { firstName: 'Mila', lastName: 'Hendriks', email: 'manager@demo.salon', password: true, access: [[1, 'manager']] },
  {
    firstName: 'Femke',
    lastName: 'de Groot',
    email: 'specialist@demo.salon',
    password: true,
    access: [[0, 'specialist']],
  },
  {
    firstName: 'Zoë',
    lastName: 'Peters',
    email: 'uitgenodigd@demo.salon',
    password: false,
    access: [[1, 'specialist']],
  },
  {
    firstName: 'Ruben',
    lastName: 'Kok',
    email: 'oud-medewerker@demo.salon',
    password: true,
    deactivated: true,
    access: [[0, 'specialist']],
  },
]

/**
 * The demo organisation (slug `demo`): two branches, the preset roles (roles/presets.ts) and the
 * team above — an owner with every permission, a receptionist who reads and manages customers in
 * Amsterdam only, a manager, a specialist, an invited and a deactivated employee —, eight
 * customers and 50 WhatsApp credits. One transaction; synced rows take versions like any other
 * write.
 */
export async function seedDemoOrganisation(db: Db): Promise<void> {
  // One hash for every demo login (same password); scrypt takes ~100 ms.
  const passwordHash = await hashPassword(DEMO.password)
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
      // The demo shows a salon in use: its owner confirmed their address, so it sends (issue 21 #16).
      emailConfirmedAt: new Date(),
    })
    // Issue 22: the demo runs on a paid yearly Groei/Growth plan, so its billing screens look real.
    await seedDemoSubscription(tx, orgId)
    const branchIds: string[] = []
    for (const name of ['Amsterdam Centrum', 'Utrecht']) {
      const id = uuidv7()
      branchIds.push(id)
      await tx.insert(salons).values({ id, organisationId: orgId, name, version: await nextVersion(tx, orgId) })
    }
    const presets = presetRoles(orgId, 'nl', uuidv7)
    for (const r of presets.rows) await tx.insert(roles).values({ ...r, version: await nextVersion(tx, orgId) })
    for (const e of TEAM) {
      const id = uuidv7()
      await tx.insert(employees).values({
        id,
        organisationId: orgId,
        firstName: e.firstName,
        lastName: e.lastName,
        email: e.email,
        passwordHash: e.password ? passwordHash : null,
        language: 'nl',
        deactivatedAt: e.deactivated ? new Date() : null,
        version: await nextVersion(tx, orgId),
      })
      await tx.insert(employeeSalonRoles).values(
        e.access.map(([branch, preset]) => ({
          organisationId: orgId,
          employeeId: id,
          salonId: branchIds[branch],
          roleId: presets.ids[preset],
        })),
      )
    }
    await copyProviderQuestionnaires(tx, orgId, 'nl')
    await seedDemoGrow(tx, orgId, branchIds[0])
    let demoCustomerId: string | null = null
    for (const c of CUSTOMERS) {
      const id = uuidv7()
      if (c.email === DEMO.customerEmail) demoCustomerId = id
      await tx.insert(customers).values({
        id,
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
    await seedDemoDocuments(tx, orgId, branchIds[0], demoCustomerId)
  })
}

/**
 * Grow (issue 11) in Amsterdam Centrum: two groups, three conditions on the intake form's
 * questions (reason, stress, pregnancy) and four modules — customer advice and employee advice —
 * so the demo shows advice chosen by the answers.
 */
async function seedDemoGrow(tx: DbOrTx, orgId: string, salonId: string) {
  const [intake] = await tx
    .select({ id: questionnaires.id })
    .from(questionnaires)
    .where(and(eq(questionnaires.organisationId, orgId), eq(questionnaires.providerKey, 'intake')))
  if (!intake) return
  const row = async () => ({ id: uuidv7(), organisationId: orgId, salonId, version: await nextVersion(tx, orgId) })
  const skin = await row()
  const calm = await row()
  await tx.insert(adviceGroups).values([
    { ...skin, name: 'Huidverzorging', position: 0 },
    { ...calm, name: 'Ontspanning & balans', position: 1 },
  ])
  const on = (questionId: string, rest: object) => ({ questionnaireId: intake.id, questionId, ...rest })
  const betterSkin = await row()
  const stress = await row()
  const pregnant = await row()
  await tx.insert(adviceConditions).values([
    {
      ...betterSkin,
      name: 'Wil de huid verbeteren',
      subconditions: [on('reason', { operator: 'anyOf', values: ['skin', 'ageing'] })],
    },
    { ...stress, name: 'Veel stress', subconditions: [on('stress', { operator: 'atLeast', value: 4 })] },
    {
      ...pregnant,
      name: 'Zwanger of borstvoeding',
      subconditions: [on('pregnant', { operator: 'equals', value: true })],
    },
  ])
  const modules = [
    {
      name: 'Dagelijkse hydratatie',
      kind: 'customerAdvice',
      groupId: skin.id,
      category: 'SkinPlan',
      text: "<h2>Zo houd je je huid soepel</h2><p>Reinig je huid <strong>'s ochtends en 's avonds</strong> met lauw water en breng daarna een hydraterend serum aan.</p><ul><li>Drink minstens 1,5 liter water per dag.</li><li>Gebruik overdag een crème met SPF 30.</li></ul>",
      videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      conditionIds: [betterSkin.id],
      markers: ['Wishes'],
    },
    {
      name: 'Ademhaling tegen stress',
      kind: 'customerAdvice',
      groupId: calm.id,
      category: 'Treatment',
      text: '<p>Neem drie keer per dag twee minuten voor de <em>4-7-8-ademhaling</em>: 4 tellen in, 7 vasthouden, 8 uit.</p>',
      conditionIds: [stress.id],
      markers: ['Vitality'],
    },
    {
      name: 'Welkom bij Salon Lumière',
      kind: 'customerAdvice',
      groupId: calm.id,
      category: null,
      text: '<p>Fijn dat je er bent! Hier vind je na elke behandeling jouw persoonlijke advies.</p>',
      conditionIds: [],
      markers: [],
    },
    {
      name: 'Let op: zwangerschap',
      kind: 'employeeAdvice',
      groupId: skin.id,
      category: 'Treatment',
      text: '<p>Geen retinol, salicylzuur of etherische oliën gebruiken; kies een milde behandeling en overleg bij twijfel.</p>',
      conditionIds: [pregnant.id],
      markers: ['Conditional'],
    },
  ]
  for (const [position, m] of modules.entries()) await tx.insert(advices).values({ ...(await row()), ...m, position })
}

/** A paid yearly subscription of the top plan, in its third month, renewed automatically. */
async function seedDemoSubscription(tx: DbOrTx, orgId: string) {
  const option = await findOptionByCode(tx, 'growth')
  if (!option) return
  const validFrom = new Date()
  validFrom.setUTCMonth(validFrom.getUTCMonth() - 2)
  await tx.insert(subscriptions).values({
    id: uuidv7(),
    organisationId: orgId,
    optionId: option.id,
    period: 'yearly',
    status: 'active',
    validFrom,
    validTo: addPeriods(validFrom, 'yearly'),
    autoExtend: true,
  })
}
