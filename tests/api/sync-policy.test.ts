import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { Change } from '../../contract/sync'
import { customers } from '../../server/db/schema'
import { nextVersion } from '../../server/db/versions'
import { createSession } from '../../server/auth/sessions'
import { buildTestApp } from '../helpers/app'
import { bearer, seedEmployee, seedOrganisation } from '../helpers/factories'
import { customerBody, postCustomer } from './customers-fixtures'
import { postQuestionnaire, questionnaireBody, validAnswers } from './questionnaires-fixtures'
import { client, newId, pull, push } from './sync-fixtures'
import { seedDocument } from '../documents/fixtures'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../helpers/url'
import { seedGlobalAdmin } from '../helpers/global-admin'
import { grantCourse } from '../../server/services/paid-courses/access'

// Issue 8 §1: what a replica receives is never more than what the same person may read through
// REST. Demo-like data: two branches, a receptionist with customer rights in branch 1 only (no
// questionnaire rights, no readSalons), a specialist who also reads questionnaires, a manager of
// branch 2 who reads every branch, and the owner.
const app = await buildTestApp()
const org = await seedOrganisation(app, { salons: 2 })
const [a1, a2] = org.salons
const owner = org.owner
const receptionist = await seedEmployee(app, {
  organisationId: org.id,
  salonIds: [a1.id],
  permissions: ['readCustomers', 'manageCustomers'],
})
const specialist = await seedEmployee(app, {
  organisationId: org.id,
  salonIds: [a1.id],
  permissions: ['readCustomers', 'readQuestionnaires'],
})
const manager2 = await seedEmployee(app, {
  organisationId: org.id,
  salonIds: [a2.id],
  permissions: ['readCustomers', 'manageCustomers', 'readSalons'],
})

const q = await postQuestionnaire(app, org.id, a1.id, owner.headers)
// A staff questionnaire (the specialist observation) and a staff-only question in q.
const observation = await postQuestionnaire(
  app,
  org.id,
  a1.id,
  owner.headers,
  questionnaireBody({
    name: 'Specialist observation',
    kind: 'employeeQuestionnaire',
    questions: [{ id: 'obs', name: 'Observation', type: 'string', required: false, group: 'employee' }],
  }),
)
const inA1 = [
  await postCustomer(app, org.id, owner.headers, customerBody([a1.id])),
  await postCustomer(app, org.id, owner.headers, customerBody([a1.id])),
]
const inBoth = await postCustomer(app, org.id, owner.headers, customerBody([a1.id, a2.id]))
const inA2 = [
  await postCustomer(app, org.id, owner.headers, customerBody([a2.id])),
  await postCustomer(app, org.id, owner.headers, customerBody([a2.id])),
  await postCustomer(app, org.id, owner.headers, customerBody([a2.id])),
]
const submit = (customerId: string, salonId: string) => {
  const c = client()
  return push(app, {
    orgId: org.id,
    salonId,
    headers: owner.headers,
    clientId: c.clientId,
    mutations: [
      c.m('questionnaireSubmission.create', {
        id: newId(),
        salonId,
        customerId,
        questionnaireId: q.id,
        answers: validAnswers(),
        takenBy: 'customer',
      }),
    ],
  })
}
/** A customer of branch 1 signed in: what the kiosk hands the tablet to. */
const customerOfA1 = {
  headers: bearer(
    (await createSession(app.db, { kind: 'customer', subjectId: inA1[0].id, organisationId: org.id, ttlHours: 1 }))
      .token,
  ),
}
// Custom fields (issue 10): two live, one deleted (never in a fresh replica).
for (const [displayName, propertyName] of [
  ['Huidtype', 'skinType'],
  ['Allergie', 'allergy'],
  ['Oud', 'old'],
]) {
  const f = await app.inject({
    method: 'POST',
    url: apiUrl(API.customFields.create, { org: org.id }),
    headers: owner.headers,
    payload: { displayName, propertyName, type: 'text' },
  })
  if (propertyName === 'old')
    await app.inject({
      method: 'DELETE',
      url: apiUrl(API.customFields.remove, { org: org.id, id: f.json().id }),
      headers: owner.headers,
    })
}
await submit(inA1[0].id, a1.id)
await submit(inBoth.id, a2.id)
await submit(inA2[0].id, a2.id)
// Comments (issue 10): on a branch-1 customer, on one in both branches (written in branch 2), on a
// branch-2 customer, and one deleted: the feed of branch 1 carries what the REST list answers.
const comment = async (customerId: string, salonId: string, who: { headers: Record<string, string> } = owner) => {
  const res = await app.inject({
    method: 'POST',
    url: apiUrl(API.customerComments.create, { org: org.id }),
    headers: who.headers,
    payload: { id: newId(), customerId, salonId, text: `Note ${newId()}` },
  })
  expect(res.statusCode).toBe(201)
  return res.json() as { id: string }
}
await comment(inA1[0].id, a1.id)
await comment(inBoth.id, a2.id, manager2)
await comment(inA2[0].id, a2.id)
const deletedComment = await comment(inA1[1].id, a1.id)
await app.inject({
  method: 'DELETE',
  url: apiUrl(
    API.customerComments.remove,
    { org: org.id, id: deletedComment.id },
    { customerId: inA1[1].id, salonId: a1.id },
  ),
  headers: owner.headers,
})
// The customer card (issue 11): skin analyses of a branch-1 customer, of one in both branches
// (saved in branch 2) and of a branch-2 customer; branch 1's card configuration.
const skin = async (customerId: string, salonId: string) => {
  const res = await app.inject({
    method: 'PUT',
    url: apiUrl(API.skinAnalyses.save, { org: org.id, salon: salonId, id: customerId }),
    headers: owner.headers,
    payload: {
      id: newId(),
      analysedOn: '2026-02-01',
      skinType: 'dry',
      fitzpatrick: 'II',
      findings: [],
      notes: '',
      photos: [],
    },
  })
  if (res.statusCode !== 201) throw new Error(`skin: ${res.statusCode} ${res.body}`)
}
await skin(inA1[0].id, a1.id)
await skin(inBoth.id, a2.id)
await skin(inA2[0].id, a2.id)
const card = await app.inject({
  method: 'POST',
  url: apiUrl(API.dashboardConfigurations.save, { org: org.id, salon: a1.id }),
  headers: owner.headers,
  payload: { config: { modules: [{ kind: 'Advice', enabled: true, elements: [] }] } },
})
if (card.statusCode !== 200) throw new Error(`card: ${card.statusCode} ${card.body}`)

// Grow (issue 11): in branch 1 two groups, two modules and a condition, one of each deleted (a
// tombstone, never in a fresh replica); a module of branch 2 never reaches branch 1's replica.
const GROW = {
  module: [API.advice.create, API.advice.remove],
  group: [API.advice.createGroup, API.advice.removeGroup],
  condition: [API.advice.createCondition, API.advice.removeCondition],
} as const
const grow = async (salonId: string, kind: keyof typeof GROW, payload: object, remove = false) => {
  const [create, removeOne] = GROW[kind]
  const params = { org: org.id, salon: salonId }
  const res = await app.inject({ method: 'POST', url: apiUrl(create, params), headers: owner.headers, payload })
  expect(res.statusCode).toBe(201)
  if (remove)
    expect(
      (
        await app.inject({
          method: 'DELETE',
          url: apiUrl(removeOne, { ...params, id: res.json().id }),
          headers: owner.headers,
        })
      ).statusCode,
    ).toBe(204)
  return res.json() as { id: string }
}
const growGroup = await grow(a1.id, 'group', { name: 'Huid' })
await grow(a1.id, 'group', { name: 'Weg' }, true)
const growCondition = await grow(a1.id, 'condition', {
  name: 'Droge huid',
  subconditions: [{ questionnaireId: q.id, questionId: 'skin', operator: 'equals', value: 'dry' }],
})
await grow(
  a1.id,
  'condition',
  {
    name: 'Oud',
    subconditions: [{ questionnaireId: q.id, questionId: 'age', operator: 'atLeast', value: 40 }],
  },
  true,
)
await grow(a1.id, 'module', {
  name: 'Hydrateren',
  kind: 'customerAdvice',
  groupId: growGroup.id,
  conditionIds: [growCondition.id],
})
await grow(a1.id, 'module', { name: 'Weg', kind: 'employeeAdvice' }, true)
await grow(a2.id, 'module', { name: 'Andere vestiging', kind: 'customerAdvice' })

// Documents sent to customers (issue 12): to a branch-1 customer, to one in both branches (sent
// in branch 2), to a branch-2 customer, and one removed (a tombstone, never in a fresh replica).
const consentForm = await seedDocument(app, org.id, { kind: 'consentForm' })
const sendDocument = async (customerId: string, salonId: string) => {
  const res = await app.inject({
    method: 'POST',
    url: apiUrl(API.customerDocuments.send, { org: org.id, id: customerId }, { salonId }),
    headers: owner.headers,
    payload: { id: newId(), documentId: consentForm.documentId, channel: 'inApp' },
  })
  if (res.statusCode !== 201) throw new Error(`document: ${res.statusCode} ${res.body}`)
  return res.json() as { id: string }
}
await sendDocument(inA1[0].id, a1.id)
await sendDocument(inBoth.id, a2.id)
await sendDocument(inA2[0].id, a2.id)
const removedDocument = await sendDocument(inA1[1].id, a1.id)
await app.inject({
  method: 'DELETE',
  url: apiUrl(
    API.customerDocuments.remove,
    { org: org.id, id: inA1[1].id, docId: removedDocument.id },
    { salonId: a1.id },
  ),
  headers: owner.headers,
})

// Trainings (issue 24): one for every employee, one "in order" shown to the owner's role only (the
// receptionist and the specialist do not see it), and one deleted (never in a fresh replica).
const training = async (payload: object, segments: number) => {
  const c = (
    await app.inject({
      method: 'POST',
      url: apiUrl(API.trainings.createCourse, { org: org.id }),
      headers: owner.headers,
      payload,
    })
  ).json()
  await app.inject({
    method: 'POST',
    url: apiUrl(API.trainings.createModule, { org: org.id, id: c.id }),
    headers: owner.headers,
    payload: {
      title: 'M',
      segments: Array.from({ length: segments }, (_, i) => ({ kind: 'text', title: `S${i}`, text: `<p>${i}</p>` })),
    },
  })
  return c.id as string
}
await training({ title: 'Voor iedereen' }, 2)
await training({ title: 'Alleen eigenaar', inOrder: true, roleIds: [org.ownerRoleId] }, 3)
await app.inject({
  method: 'DELETE',
  url: apiUrl(API.trainings.removeCourse, { org: org.id, id: await training({ title: 'Weg' }, 1) }),
  headers: owner.headers,
})

// Academy (issue 24): a paid course the organisation owns reaches every employee's replica; one
// it does not own reaches nobody's.
const platform = await seedGlobalAdmin(app)
const paidCourse = async (title: string) => {
  const c = (
    await app.inject({
      method: 'POST',
      url: apiUrl(API.globalPaidCourses.createCourse),
      headers: platform.headers,
      payload: { title, priceCents: 4900 },
    })
  ).json()
  await app.inject({
    method: 'POST',
    url: apiUrl(API.globalPaidCourses.createModule, { id: c.id }),
    headers: platform.headers,
    payload: {
      title: 'M',
      segments: [
        { kind: 'text', title: 'Proef', text: '<p>p</p>', preview: true },
        { kind: 'text', title: 'Les', text: '<p>l</p>' },
      ],
    },
  })
  return c.id as string
}
const ownedPaid = await paidCourse('Gekocht')
await paidCourse('Niet gekocht')
await app.db.transaction((tx) =>
  grantCourse(tx, { organisationId: org.id, courseId: ownedPaid, paymentId: newId(), actorId: null, now: new Date() }),
)

type Who = { headers: Record<string, string> }
const get = async (who: Who, url: string) => app.inject({ url, headers: who.headers })
const idOf = (c: Change) => (c.deleted ? c.id : c.row.id)

/** A fresh replica of `salonId`, pulled page by page with per-entity cursors. */
async function replicaOf(who: Who, salonId: string) {
  const changes: Change[] = []
  let cursors = ''
  for (;;) {
    const res = await app.inject({
      url: apiUrl(API.sync.changes, { org: org.id, salon: salonId }, { limit: 3, cursors }),
      headers: who.headers,
    })
    expect(res.statusCode).toBe(200)
    const page = res.json()
    changes.push(...page.changes)
    cursors = Object.entries(page.cursors)
      .map(([k, v]) => `${k}:${v}`)
      .join(',')
    if (!page.hasMore) return { changes, withheld: page.withheld as string[] }
  }
}
const rowsOf = (changes: Change[], entity: Change['entity']) =>
  changes.filter((c) => c.entity === entity && !c.deleted).map((c) => (c.deleted ? null : c.row)) as {
    id: string
    [k: string]: unknown
  }[]

describe('sync feed under the policy (issue 8 §1)', () => {
  it('sync: for every employee, the feed of branch 1 carries exactly what REST lets them read', async () => {
    for (const who of [owner, receptionist, specialist]) {
      const { changes, withheld } = await replicaOf(who, a1.id)

      const customers = (
        await get(who, apiUrl(API.customers.list, { org: org.id }, { salonId: a1.id, pageSize: 200 }))
      ).json().items as { id: string }[]
      expect(
        rowsOf(changes, 'customer')
          .map((c) => c.id)
          .sort(),
      ).toEqual(customers.map((c) => c.id).sort())

      const salons = (await get(who, apiUrl(API.salons.list, { org: org.id }))).json() as {
        id: string
        customersCount: number
      }[]
      expect(
        rowsOf(changes, 'salon')
          .map((s) => [s.id, s.customersCount])
          .sort(),
      ).toEqual(salons.map((s) => [s.id, s.customersCount]).sort())

      // What REST answers for questionnaires is what the feed holds: staff readers as staff; the
      // receptionist, who takes submissions at the kiosk, as a customer of the branch reads them.
      const questionnaires = await get(who, apiUrl(API.questionnaires.list, { org: org.id, salon: a1.id }))
      expect(questionnaires.statusCode).toBe(200)
      expect(withheld).not.toContain('questionnaire')
      const rest = questionnaires.json() as { id: string }[]
      const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id)
      expect(rowsOf(changes, 'questionnaire').sort(byId)).toEqual(rest.sort(byId))

      const submissions = (
        await get(who, apiUrl(API.submissions.list, { org: org.id, salon: a1.id }, { pageSize: 200 }))
      ).json().items as {
        id: string
        questionnaireName: string
      }[]
      expect(
        rowsOf(changes, 'questionnaireSubmission')
          .map((s) => [s.id, s.questionnaireName])
          .sort(),
      ).toEqual(submissions.map((s) => [s.id, s.questionnaireName]).sort())

      // Comments: every customer of the branch, as GET …/customer-comments lists them there.
      const comments = []
      for (const c of customers) {
        const res = await get(
          who,
          apiUrl(API.customerComments.list, { org: org.id }, { customerId: c.id, salonId: a1.id }),
        )
        expect(res.statusCode).toBe(200)
        comments.push(...(res.json() as { id: string }[]))
      }
      expect(comments.length).toBeGreaterThanOrEqual(2)
      expect(rowsOf(changes, 'customerComment').sort(byId)).toEqual(comments.sort(byId))
      // Custom fields (issue 10): exactly GET …/custom-fields.
      const customFields = (await get(who, apiUrl(API.customFields.list, { org: org.id }))).json() as { id: string }[]
      expect(customFields).toHaveLength(2)
      expect(rowsOf(changes, 'customField').sort(byId)).toEqual(customFields.sort(byId))
      // Grow (issue 11): exactly GET …/advices, …/advice-groups and …/advice-conditions of branch 1
      // for whoever reads advice; withheld for the others (REST refuses them too).
      for (const [entity, list, live] of [
        ['advice', API.advice.list, 1],
        ['adviceGroup', API.advice.listGroups, 1],
        ['adviceCondition', API.advice.listConditions, 1],
      ] as const) {
        const res = await get(who, apiUrl(list, { org: org.id, salon: a1.id }))
        if (res.statusCode === 403) {
          expect(withheld).toContain(entity)
          continue
        }
        expect(res.statusCode).toBe(200)
        const listed = res.json() as { id: string }[]
        expect(listed).toHaveLength(live)
        expect(rowsOf(changes, entity).sort(byId)).toEqual(listed.sort(byId))
      }
      // Trainings (issue 24): the courses GET …/trainings/courses lists, each as GET …/courses/{id}
      // answers it (an "in order" course's locked segments without content, for this reader).
      const courses = (await get(who, apiUrl(API.trainings.listCourses, { org: org.id }))).json() as { id: string }[]
      expect(courses).toHaveLength(who === owner ? 2 : 1)
      const fullCourses = []
      for (const c of courses)
        fullCourses.push((await get(who, apiUrl(API.trainings.getCourse, { org: org.id, id: c.id }))).json())
      const fed = rowsOf(changes, 'trainingCourse')
      expect(fed.filter((c) => c.kind === 'training').sort(byId)).toEqual(fullCourses.sort(byId))
      // Academy: the owned paid courses of the catalogue, each with its modules as GET
      // …/paid-courses/{id}/modules answers them (the feed's version is the organisation's access's).
      const catalogue = (await get(who, apiUrl(API.paidCourses.list, { org: org.id }))).json() as {
        id: string
        owned: boolean
      }[]
      const ownedCourses = []
      for (const { owned, priceExVatCents, priceIncVatCents, vatRateBasisPoints, version, ...c } of catalogue.filter(
        (c) => c.owned,
      ) as (Record<string, unknown> & { id: string })[]) {
        const modules = (await get(who, apiUrl(API.paidCourses.modules, { org: org.id, id: c.id }))).json()
        ownedCourses.push({ ...c, modules })
      }
      expect(ownedCourses.map((c) => c.id)).toEqual([ownedPaid])
      expect(
        fed
          .filter((c) => c.kind === 'paid')
          .map(({ version, ...c }) => c)
          .sort(byId),
      ).toEqual(ownedCourses.sort(byId))
      // Certificates (issue 24): the reader's own, as GET …/trainings/certificates lists them.
      const certificates = (await get(who, apiUrl(API.trainings.certificates, { org: org.id }))).json()
      expect(rowsOf(changes, 'trainingCertificate').sort(byId)).toEqual(certificates.sort(byId))
      // Skin analyses (issue 11): every customer of the branch, as GET …/skin-analysis lists them.
      const analyses = []
      for (const c of customers) {
        const res = await get(who, apiUrl(API.skinAnalyses.get, { org: org.id, salon: a1.id, id: c.id }))
        expect(res.statusCode).toBe(200)
        analyses.push(...(res.json().history as { id: string }[]))
      }
      expect(analyses).toHaveLength(2)
      expect(rowsOf(changes, 'skinAnalysis').sort(byId)).toEqual(analyses.sort(byId))
      // Documents sent to customers (issue 12): every customer of the branch, as GET
      // …/customers/{id}/documents lists them there.
      const sentDocuments = []
      for (const c of customers) {
        const res = await get(who, apiUrl(API.customerDocuments.list, { org: org.id, id: c.id }, { salonId: a1.id }))
        expect(res.statusCode).toBe(200)
        sentDocuments.push(...(res.json() as { id: string }[]))
      }
      expect(sentDocuments).toHaveLength(2)
      expect(rowsOf(changes, 'customerDocument').sort(byId)).toEqual(sentDocuments.sort(byId))
      // The card configuration: the stored one, as GET …/dashboard-configurations answers it.
      const { isDefault, problems, ...stored } = (
        await get(who, apiUrl(API.dashboardConfigurations.get, { org: org.id, salon: a1.id }))
      ).json()
      expect(isDefault).toBe(false)
      expect(rowsOf(changes, 'dashboardConfiguration')).toEqual([stored])
    }
  })

  it('sync: the receptionist gets no staff questionnaire or staff-only question, only her own branch, and her customers submissions with their names', async () => {
    const { changes, withheld } = await replicaOf(receptionist, a1.id)
    // Through REST she reads the customer questionnaires exactly as a customer of the branch does.
    const hers = await get(receptionist, apiUrl(API.questionnaires.list, { org: org.id, salon: a1.id }))
    expect(hers.json()).toEqual(
      (await get(customerOfA1, apiUrl(API.questionnaires.list, { org: org.id, salon: a1.id }))).json(),
    )
    expect(hers.json().map((x: { id: string }) => x.id)).toEqual([q.id])
    expect(
      (await get(receptionist, apiUrl(API.questionnaires.get, { org: org.id, salon: a1.id, id: observation.id })))
        .statusCode,
    ).toBe(404)
    // Nothing of hers is withheld but the team and Grow (she reads neither employees nor advice).
    expect(withheld.sort()).toEqual(['advice', 'adviceCondition', 'adviceGroup', 'employee', 'role'])
    const held = rowsOf(changes, 'questionnaire') as unknown as { id: string; questions: { group?: string }[] }[]
    expect(held.map((x) => x.id)).toEqual([q.id])
    expect(JSON.stringify(changes)).not.toContain(observation.id)
    expect(held[0].questions.some((x) => x.group === 'employee')).toBe(false)
    // Someone with neither questionnaire nor kiosk rights gets none at all.
    const reader = await seedEmployee(app, {
      organisationId: org.id,
      salonIds: [a1.id],
      permissions: ['readCustomers'],
    })
    const none = await replicaOf(reader, a1.id)
    expect(none.withheld.sort()).toEqual([
      'advice',
      'adviceCondition',
      'adviceGroup',
      'employee',
      'questionnaire',
      'role',
    ])
    expect(none.changes.some((c) => c.entity === 'questionnaire')).toBe(false)
    expect(rowsOf(changes, 'salon').map((s) => s.id)).toEqual([a1.id])
    const subs = rowsOf(changes, 'questionnaireSubmission')
    expect(subs.map((s) => s.customerId).sort()).toEqual([inA1[0].id, inBoth.id].sort())
    expect(subs.every((s) => s.questionnaireName === q.name)).toBe(true)
    // Her manager in branch 2 reads every branch (readSalons): both come to a branch-2 replica.
    const other = await replicaOf(manager2, a2.id)
    expect(
      rowsOf(other.changes, 'salon')
        .map((s) => s.id)
        .sort(),
    ).toEqual([a1.id, a2.id].sort())
  })

  it('sync: the feed’s employees are exactly what GET /employees answers (never more), whoever reads', async () => {
    // A reader of employees in branch 1 only, and a team with every status.
    // (A replica needs customers.read in its branch.)
    const hr = await seedEmployee(app, {
      organisationId: org.id,
      salonIds: [a1.id],
      permissions: ['readEmployees', 'readCustomers'],
    })
    const role = await app.inject({
      method: 'POST',
      url: apiUrl(API.roles.create, { org: org.id }),
      headers: owner.headers,
      payload: { name: 'Stylist', permissions: ['readCustomers'] },
    })
    const create = (salonId: string, email: string) =>
      app.inject({
        method: 'POST',
        url: apiUrl(API.employees.create, { org: org.id }),
        headers: owner.headers,
        payload: {
          firstName: 'Zoë',
          lastName: 'Bakker',
          email,
          language: 'nl',
          access: [{ salonId, roleId: role.json().id }],
        },
      })
    const invitedInA2 = await create(a2.id, 'invited-a2@example.test')
    expect(invitedInA2.statusCode).toBe(201)
    const leaver = (await create(a1.id, 'leaver-a1@example.test')).json()
    const off = await app.inject({
      method: 'PUT',
      url: apiUrl(API.employees.update, { org: org.id, id: leaver.id }),
      headers: owner.headers,
      payload: { active: false },
    })
    expect(off.json().status).toBe('deactivated')
    const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id)
    for (const who of [owner, hr, receptionist, manager2]) {
      for (const salonId of [a1.id, a2.id]) {
        if (who === hr && salonId === a2.id) continue
        if (who === receptionist && salonId === a2.id) continue
        if (who === manager2 && salonId === a1.id) continue
        const { changes } = await replicaOf(who, salonId)
        const fed = rowsOf(changes, 'employee').sort(byId)
        const rest = await get(who, apiUrl(API.employees.list, { org: org.id }))
        if (rest.statusCode === 403) expect(fed).toEqual([])
        else expect(fed).toEqual((rest.json() as { id: string }[]).sort(byId))
      }
    }
    // Branch 1's reader sees neither the invited employee of branch 2 nor anything of branch 2.
    const hrFeed = rowsOf((await replicaOf(hr, a1.id)).changes, 'employee')
    expect(hrFeed.map((e) => e.id)).not.toContain(invitedInA2.json().id)
    expect(hrFeed.map((e) => e.id)).toContain(leaver.id)
    expect(JSON.stringify(hrFeed)).not.toContain(a2.id)
  })

  it('sync: with since=1 a branch hears of its own leavers only, never of customers of other branches', async () => {
    const start = (await pull(app, { orgId: org.id, salonId: a1.id, headers: receptionist.headers })).json().cursor
    const put = (id: string, changes: object) =>
      app.inject({
        method: 'PUT',
        url: apiUrl(API.customers.update, { org: org.id, id }),
        headers: owner.headers,
        payload: { changes },
      })
    expect((await put(inA2[0].id, { city: 'Zwolle' })).statusCode).toBe(200)
    // Removed for good (what a merge does to the merged-away customer): deleted_at set.
    await app.db.transaction(async (tx) => {
      const version = await nextVersion(tx, org.id)
      await tx.update(customers).set({ deletedAt: new Date(), version }).where(eq(customers.id, inA2[1].id))
    })
    expect((await put(inA1[1].id, { salonIds: [a2.id] })).statusCode).toBe(200)
    expect((await put(inA2[2].id, { salonIds: [a1.id, a2.id] })).statusCode).toBe(200)

    for (const since of [1, start]) {
      const page = (await pull(app, { orgId: org.id, salonId: a1.id, headers: receptionist.headers, since })).json()
      const ids = (page.changes as Change[]).map(idOf)
      for (const foreign of [inA2[0].id, inA2[1].id]) expect(ids).not.toContain(foreign)
      const tombstones = (page.changes as Change[]).filter((c) => c.entity === 'customer' && c.deleted).map(idOf)
      expect(tombstones).toEqual([inA1[1].id])
      // The one who joined comes as a row.
      expect(rowsOf(page.changes, 'customer').map((c) => c.id)).toContain(inA2[2].id)
      expect(rowsOf(page.changes, 'salon').map((s) => s.id)).toEqual([a1.id])
    }
    // Branch 2 hears of its own: the edit and the arrivals as rows, the removal as a tombstone.
    const b2 = (await pull(app, { orgId: org.id, salonId: a2.id, headers: owner.headers, since: start })).json()
    expect(rowsOf(b2.changes, 'customer').map((c) => c.id)).toEqual(
      expect.arrayContaining([inA2[0].id, inA1[1].id, inA2[2].id]),
    )
    const gone = (b2.changes as Change[]).filter((c) => c.entity === 'customer' && c.deleted).map(idOf)
    expect(gone).toEqual([inA2[1].id])
  })
})
