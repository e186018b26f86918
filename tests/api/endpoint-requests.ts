import { API, type EndpointSpec, endpointName, ENDPOINTS } from '../../contract/endpoints'
import { SYNC_SCHEMA_VERSION } from '../../contract/sync'
import {
  discountCodes,
  trainingCertificates,
  trainingCourses,
  trainingModules,
  trainingSegments,
} from '../../server/db/schema'
import type { App } from '../../server/app'
import { unique } from '../helpers/app'
import { insertCustomer } from '../helpers/auth'
import { apiUrl } from '../helpers/url'
import { customerSession } from '../helpers/customers'
import { type SeededOrganisation, seedOrganisation, TEST_PASSWORD } from '../helpers/factories'
import { seedGlobalAdmin } from '../helpers/global-admin'
import { seedCustomerDocument, seedDocument } from '../documents/fixtures'
import { customerBody } from './customers-fixtures'
import { newId, postQuestionnaire, questionnaireBody, validAnswers } from './questionnaires-fixtures'
import { fillUrl } from './route-table'

/*
 * A valid request for every endpoint, by the owner of an organisation with one row of every kind
 * (issue 21 #10–#12 sweep the whole API from it): the sweeps change one part (an unknown id in
 * the path, another organisation's id in the query or body, an empty update) and check the
 * answer. An endpoint this table does not know fails `requestOf`, so a new endpoint is swept too.
 */

type Rows = Awaited<ReturnType<typeof seedRows>>
export type World = Rows & { app: App; home: SeededOrganisation; away: SeededOrganisation }
type Part = { query?: Record<string, string>; body?: unknown }
/** The ids a request uses (the sweeps swap some of them). */
export type Ids = {
  org: string
  salon: string
  customer: string
  questionnaire: string
  document: string
  role: string
}

const post = async (app: App, url: string, headers: Record<string, string>, payload: object) => {
  const res = await app.inject({ method: 'POST', url, headers, payload })
  if (res.statusCode !== 201) throw new Error(`${url}: ${res.statusCode} ${res.body}`)
  return res.json().id as string
}

const conditionBody = (questionnaireId: string) => ({
  name: unique('Condition '),
  subconditions: [{ questionnaireId, questionId: 'skin', operator: 'equals', value: 'dry' }],
})

/** One row of every kind in branch A of `o`. */
async function seedRows(app: App, o: SeededOrganisation) {
  const A = o.salons[0].id
  const h = o.owner.headers
  const org = o.id
  const customer = (await insertCustomer(app, { organisationId: o.id, salonIds: [A] })).id
  const questionnaire = (await postQuestionnaire(app, o.id, A, h)).id
  const submission = newId()
  await post(app, apiUrl(API.submissions.create, { org, salon: A }), h, {
    id: submission,
    customerId: customer,
    questionnaireId: questionnaire,
    answers: validAnswers(),
  })
  const role = await post(app, apiUrl(API.roles.create, { org }), h, { name: unique('Spare '), permissions: [] })
  const field = await post(app, apiUrl(API.customFields.create, { org }), h, {
    displayName: 'Spare',
    propertyName: unique('f').replace(/[^A-Za-z0-9_]/g, '_'),
    type: 'text',
  })
  const advice = await post(app, apiUrl(API.advice.create, { org, salon: A }), h, {
    name: unique('Module '),
    kind: 'customerAdvice',
  })
  const group = await post(app, apiUrl(API.advice.createGroup, { org, salon: A }), h, { name: unique('Group ') })
  const condition = await post(
    app,
    apiUrl(API.advice.createCondition, { org, salon: A }),
    h,
    conditionBody(questionnaire),
  )
  const comment = newId()
  await post(app, apiUrl(API.customerComments.create, { org }), h, {
    id: comment,
    customerId: customer,
    salonId: A,
    text: 'Hello',
  })
  const document = await seedDocument(app, o.id)
  const sent = await seedCustomerDocument(app, { organisationId: o.id, salonId: A, customerId: customer, ...document })
  // A clash (the base is not what the server holds) gives the customer a conflict to resolve.
  await app.inject({
    method: 'PUT',
    url: apiUrl(API.customers.update, { org, id: customer }),
    headers: h,
    payload: { changes: { city: 'Amsterdam' }, base: { city: 'Elsewhere' } },
  })
  const conflicts = await app.inject({ url: apiUrl(API.customers.conflicts, { org, id: customer }), headers: h })
  const conflict: string = conflicts.json()[0].id
  // A platform row (issue 23): a discount code for the global admin's calls.
  const discountCode = newId()
  await app.db.insert(discountCodes).values({
    id: discountCode,
    code: unique('SWEEP').replace(/[^A-Za-z0-9]/g, ''),
    type: 'percent',
    value: 1000,
    duration: 'once',
  })
  // Trainings (issue 24): a course of the organisation with a module and a segment, and a user
  // manual (the platform's: written straight in, as no global admin is at hand here).
  const training = (
    await app.inject({
      method: 'POST',
      url: apiUrl(API.trainings.createCourse, { org }),
      headers: h,
      payload: { title: unique('Course ') },
    })
  ).json().id as string
  const trainingModule = (
    await app.inject({
      method: 'POST',
      url: apiUrl(API.trainings.createModule, { org, id: training }),
      headers: h,
      payload: { title: 'Module', segments: [{ kind: 'text', title: 'Segment', text: '<p>Tekst</p>' }] },
    })
  ).json()
  const manual = newId()
  const manualModule = newId()
  const paid = newId()
  const paidModule = newId()
  await app.db
    .insert(trainingCourses)
    .values({ id: paid, organisationId: null, kind: 'paid', title: 'Betaald', priceCents: 1000 })
  await app.db.insert(trainingModules).values({ id: paidModule, organisationId: null, courseId: paid, title: 'M' })
  await app.db
    .insert(trainingCourses)
    .values({ id: manual, organisationId: null, kind: 'manual', title: 'Handleiding' })
  await app.db.insert(trainingModules).values({ id: manualModule, organisationId: null, courseId: manual, title: 'M' })
  await app.db.insert(trainingSegments).values({
    id: newId(),
    organisationId: null,
    courseId: manual,
    moduleId: manualModule,
    kind: 'text',
    title: 'S',
  })
  // The owner's certificate of that course (issued by the progress merge in real use; written
  // straight in here, as the sweeps only need a row to name).
  const certificate = newId()
  await app.db.insert(trainingCertificates).values({
    id: certificate,
    organisationId: o.id,
    employeeId: o.owner.id,
    courseId: training,
    courseTitle: 'Course',
    employeeName: 'Owner',
    issuedAt: new Date(),
    code: unique('C')
      .replace(/[^A-Za-z0-9]/g, '')
      .toUpperCase()
      .slice(0, 10),
  })
  // A preview segment of the paid course (issue 24: readable before the course is owned).
  const paidSegment = newId()
  await app.db.insert(trainingSegments).values({
    id: paidSegment,
    organisationId: null,
    courseId: paid,
    moduleId: paidModule,
    kind: 'text',
    title: 'Proef',
    preview: true,
  })
  return {
    training,
    certificate,
    trainingModule: trainingModule.id as string,
    paidSegment,
    trainingSegment: trainingModule.segments[0].id as string,
    manual,
    manualModule,
    paid,
    paidModule,
    discountCode,
    customer,
    questionnaire,
    submission,
    role,
    field,
    advice,
    group,
    condition,
    comment,
    document: document.documentId,
    sent,
    conflict,
  }
}

/**
 * Two organisations (`home`, `away`) with a row of every kind in their first branch, and a
 * session of home's customer for the customer's own calls (`/customers/me…`).
 */
export async function requestWorld(app: App) {
  const home = await seedOrganisation(app, { salons: 2 })
  const away = await seedOrganisation(app)
  const rows = await seedRows(app, home)
  const customer = await customerSession(app, { id: rows.customer, organisationId: home.id })
  const admin = await seedGlobalAdmin(app)
  return {
    app,
    home,
    away,
    rows,
    awayRows: await seedRows(app, away),
    customerHeaders: customer.headers,
    globalHeaders: admin.headers,
  }
}
export type RequestWorld = Awaited<ReturnType<typeof requestWorld>>

/** Query and body of each endpoint with any, by name (`customers.update`). */
const START_PLAN = '01970000-0000-7000-8000-000000000001'
/** The 100-credit WhatsApp bundle of migration 0021. */
const CREDITS_100 = '01970000-0000-7000-8000-000000000101'

const PARTS: Record<string, (ids: Ids, w: RequestWorld) => Part> = {
  'organisations.update': () => ({ body: { city: 'Utrecht' } }),
  // The Start plan (migration 0018_billing_plans: fixed ids on every database).
  'subscriptions.optionPayment': () => ({ body: { optionId: START_PLAN, period: 'monthly', autoExtend: true } }),
  'subscriptions.discountCode': () => ({ query: { code: 'NOSUCHCODE', optionId: START_PLAN, period: 'monthly' } }),
  'subscriptions.remainingAmount': () => ({ query: { optionId: START_PLAN, period: 'yearly' } }),
  'subscriptions.optionPaymentWebhook': () => ({ body: { id: 'tr_unknown' } }),
  'subscriptions.recurringPaymentWebhook': () => ({ body: { id: 'tr_unknown' } }),
  'whatsappCredits.creditPayment': () => ({ body: { optionId: CREDITS_100 } }),
  'whatsappCredits.paymentWebhook': () => ({ body: { id: 'tr_unknown' } }),
  'organisations.plugAndPayWebhook': () => ({
    body: { trigger_type: 'order_paid', triggerable_id: 1, triggerable_type: 'orders', tenant_id: 1 },
  }),
  'checkout.choose': () => ({ body: { status: 'paid' } }),
  // A well-formed code that was never sent: the sweeps look at who may call and what is missing.
  'organisations.confirmEmail': () => ({ body: { code: 'ABC123' } }),
  'salons.create': () => ({ body: { name: unique('Branch ') } }),
  'salons.update': () => ({ body: { name: unique('Branch ') } }),
  'employees.setLanguage': () => ({ body: { language: 'en' } }),
  'employees.setKioskPin': () => ({ body: { pin: null, currentPassword: TEST_PASSWORD } }),
  'employees.activities': () => ({ body: { period: 'all' } }),
  'employees.create': (ids) => ({
    body: {
      firstName: 'Zoë',
      lastName: 'Bakker',
      email: `${unique('new-')}@example.test`,
      language: 'en',
      access: [{ salonId: ids.salon, roleId: ids.role }],
    },
  }),
  'employees.update': () => ({ body: { lastName: 'Jansen' } }),
  'roles.create': () => ({ body: { name: unique('Role '), permissions: ['readCustomers'] } }),
  'roles.update': () => ({ body: { name: unique('Role ') } }),
  'customFields.create': () => ({
    body: { displayName: 'Field', propertyName: unique('f').replace(/[^A-Za-z0-9_]/g, '_'), type: 'text' },
  }),
  'customFields.reorder': (_ids, w) => ({ body: { ids: [w.rows.field] } }),
  'customFields.update': () => ({ body: { displayName: unique('Field ') } }),
  'customers.search': () => ({ body: {} }),
  'customers.create': (ids) => ({ body: customerBody([ids.salon]) }),
  'customers.lookupEmail': () => ({ query: { email: 'someone@example.test' } }),
  'customers.updateMe': () => ({ body: { city: 'Leiden' } }),
  'customers.update': () => ({ body: { changes: { city: 'Haarlem' } } }),
  'customerComments.list': (ids) => ({ query: { customerId: ids.customer, salonId: ids.salon } }),
  'customerComments.create': (ids) => ({
    body: { id: newId(), customerId: ids.customer, salonId: ids.salon, text: 'Sweep' },
  }),
  'customerComments.update': (ids) => ({
    query: { customerId: ids.customer, salonId: ids.salon },
    body: { text: 'Changed' },
  }),
  'customerComments.remove': (ids) => ({ query: { customerId: ids.customer, salonId: ids.salon } }),
  'dashboardConfigurations.save': () => ({
    body: { config: { modules: [{ kind: 'Advice', enabled: true, elements: [] }] } },
  }),
  'skinAnalyses.save': () => ({
    body: {
      id: newId(),
      analysedOn: '2026-01-01',
      skinType: null,
      fitzpatrick: null,
      findings: [],
      notes: '',
      photos: [],
    },
  }),
  'customerImports.check': () => ({ body: { emails: ['sweep-check@example.test'] } }),
  'customerImports.bulk': (ids) => ({
    body: {
      importId: newId(),
      chunkId: newId(),
      salonIds: [ids.salon],
      rows: [{ row: 2, email: `import-${newId()}@example.test`, firstName: 'Import', lastName: 'Test' }],
    },
  }),
  'sync.changes': () => ({ query: { limit: '1' } }),
  'sync.push': () => ({ body: { clientId: 'sweep-client', schemaVersion: SYNC_SCHEMA_VERSION, mutations: [] } }),
  'questionnaires.create': () => ({ body: questionnaireBody() }),
  'questionnaires.update': () => ({ body: { name: 'Renamed' } }),
  'questionnaires.createShortcut': (ids) => ({ body: { customerId: ids.customer } }),
  'questionnaires.send': (ids) => ({ body: { questionnaireId: ids.questionnaire, customerIds: [ids.customer] } }),
  'submissions.create': (ids) => ({
    body: { id: newId(), customerId: ids.customer, questionnaireId: ids.questionnaire, answers: validAnswers() },
  }),
  'submissions.updateAnswer': () => ({ body: { questionId: 'age', value: 41 } }),
  'customerAdvice.notify': () => ({ body: { channel: 'inApp' } }),
  'advice.create': () => ({ body: { name: unique('Module '), kind: 'customerAdvice' } }),
  'advice.reorder': () => ({ body: { ids: [] } }),
  'advice.update': () => ({ body: { name: unique('Module '), kind: 'employeeAdvice' } }),
  'advice.createGroup': () => ({ body: { name: unique('Group ') } }),
  'advice.reorderGroups': () => ({ body: { ids: [] } }),
  'advice.updateGroup': () => ({ body: { name: unique('Group ') } }),
  'advice.createCondition': (ids) => ({ body: conditionBody(ids.questionnaire) }),
  'advice.updateCondition': (ids) => ({ body: conditionBody(ids.questionnaire) }),
  'documents.create': () => ({ body: { kind: 'consentForm', name: unique('Consent '), text: '<p>I agree.</p>' } }),
  'documents.update': () => ({ body: { name: unique('Consent ') } }),
  'customerDocuments.list': (ids) => ({ query: { salonId: ids.salon } }),
  'customerDocuments.send': (ids) => ({
    query: { salonId: ids.salon },
    body: { id: newId(), documentId: ids.document, channel: 'inApp' },
  }),
  'customerDocuments.remove': (ids) => ({ query: { salonId: ids.salon } }),
  'customerDocuments.bulkSend': (ids) => ({
    query: { salonId: ids.salon },
    body: { batchId: newId(), documentId: ids.document, customerIds: [ids.customer] },
  }),
  'documentResponses.respond': () => ({ body: { status: 'seen', deviceTime: new Date().toISOString() } }),
  'consentEvidence.certificate': (ids) => ({ query: { salonId: ids.salon } }),
  'customerDocuments.reconsent': (ids) => ({ query: { salonId: ids.salon }, body: { batchId: newId() } }),
  'auth.impersonate': () => ({
    body: { employeeId: newId(), reason: 'Support ticket: sweep request', code: '123456' },
  }),
  // Issue 23: the global admin's code steps (a made-up code: refused, changes nothing).
  'auth.globalLoginCode': () => ({ body: { code: '123456' } }),
  'auth.globalSecondFactorConfirm': () => ({ body: { code: '123456' } }),
  // Issue 23 (sent by a global admin, `send`). Never the valid delete or suspend: the sweeps
  // must not take home away from the calls after them.
  'globalOrganisations.list': () => ({ query: { q: 'salon' } }),
  'globalOrganisations.update': (ids) => ({ body: { id: ids.org, city: 'Utrecht' } }),
  'globalOrganisations.suspend': () => ({ body: { reason: 'Sweep: made-up organisation' } }),
  'globalOrganisations.remove': () => ({ query: { confirm: 'not the name' } }),
  'globalAudit.list': () => ({ query: { event: 'login' } }),
  // Issue 23: the global admins' billing (the sweeps send /global/… as a global admin).
  'globalSubscriptions.cancelCustomerSubscription': () => ({ query: { reason: 'Sweep', mode: 'endOfTerm' } }),
  'globalSubscriptions.createOption': () => ({
    body: {
      code: unique('plan-')
        .toLowerCase()
        .replace(/[^a-z0-9-]/g, '-')
        .slice(0, 32),
      name: { nl: 'Plan', en: 'Plan' },
      monthlyPriceCents: 1000,
      yearlyPriceCents: 10000,
      limits: { customers: null, employees: null, salons: null },
      features: [],
      rank: 50,
      active: false,
    },
  }),
  'globalSubscriptions.updateOption': () => ({ body: { active: true } }),
  'globalDiscountCodes.create': () => ({
    body: {
      code: unique('SWEEP')
        .replace(/[^A-Za-z0-9]/g, '')
        .slice(0, 32),
      type: 'percent',
      value: 1000,
      duration: 'once',
    },
  }),
  'globalDiscountCodes.update': () => ({ body: { active: true } }),
  'trainings.createCourse': (ids) => ({ body: { title: unique('Course '), roleIds: [ids.role] } }),
  'trainings.updateCourse': (ids) => ({ body: { title: unique('Course '), roleIds: [ids.role] } }),
  'trainings.reorderCourses': (_, w) => ({ body: { ids: [w.rows.training] } }),
  'trainings.createModule': () => ({ body: trainingModuleBody() }),
  'trainings.updateModule': () => ({ body: trainingModuleBody() }),
  'trainings.reorderModules': (_, w) => ({ body: { ids: [w.rows.trainingModule] } }),
  'userManuals.listCourses': () => ({ query: { q: 'handleiding' } }),
  'userManuals.offline': () => ({ query: { version: 'none' } }),
  'userManuals.createCourse': () => ({ body: { title: unique('Manual '), titleEn: 'Manual' } }),
  'userManuals.updateCourse': () => ({ body: { title: unique('Manual ') } }),
  'userManuals.reorderCourses': (_, w) => ({ body: { ids: [w.rows.manual] } }),
  'userManuals.createModule': () => ({ body: trainingModuleBody() }),
  'userManuals.updateModule': () => ({ body: trainingModuleBody() }),
  'userManuals.reorderModules': (_, w) => ({ body: { ids: [w.rows.manualModule] } }),
  'globalPaidCourses.createCourse': () => ({ body: { title: unique('Paid '), priceCents: 1000 } }),
  'globalPaidCourses.updateCourse': () => ({ body: { title: unique('Paid '), priceCents: 1000 } }),
  'globalPaidCourses.reorderCourses': (_, w) => ({ body: { ids: [w.rows.paid] } }),
  'globalPaidCourses.createModule': () => ({ body: trainingModuleBody() }),
  'globalPaidCourses.updateModule': () => ({ body: trainingModuleBody() }),
  'globalPaidCourses.reorderModules': (_, w) => ({ body: { ids: [w.rows.paidModule] } }),
}

/** A training or manual module with one text segment. */
const trainingModuleBody = () => ({
  title: unique('Module '),
  segments: [{ kind: 'text', title: 'Segment', text: '<p>Tekst</p>' }],
})

/** The row a path parameter names, by the endpoint's resource. */
function rowOf(e: EndpointSpec, param: string, rows: Rows, home: string): string | undefined {
  const name = endpointName(e)
  if (param === 'conflictId') return rows.conflict
  if (param === 'docId') return rows.sent
  // The global admin's invoice download: no invoice is made here, only the made-up id is swept.
  if (param === 'invoiceId') return newId()
  if (param === 'moduleId')
    return e.path.startsWith('/user-manuals')
      ? rows.manualModule
      : e.path.startsWith('/global/paid-courses')
        ? rows.paidModule
        : rows.trainingModule
  if (param === 'segmentId') return e.path.includes('/paid-courses/') ? rows.paidSegment : rows.trainingSegment
  // A discount code (issue 24: a paid course's price with it): never sent, so the one invalid answer.
  if (param === 'code') return 'NOSUCHCODE'
  if (param !== 'id') return undefined
  const byPath: [RegExp, string][] = [
    [/\/trainings\/courses\/:id/, rows.training],
    [/\/trainings\/certificates\/:id/, rows.certificate],
    [/^\/user-manuals\/courses\/:id/, rows.manual],
    [/\/paid-courses\/:id/, rows.paid],
    [/\/advice-groups\/:id/, rows.group],
    [/\/advice-conditions\/:id/, rows.condition],
    [/\/advices\/:id/, rows.advice],
    [/\/custom-fields\/:id/, rows.field],
    [/\/permissions\/roles\/:id/, rows.role],
    [/\/questionnaireSubmissions\/:id/, rows.submission],
    [/\/questionnaires\/:id/, rows.questionnaire],
    [/\/customer-comments\/:id/, rows.comment],
    [/\/documents\/:id/, rows.document],
    [/\/employees\/:id/, ''],
    // No import is made here: only the made-up id is swept.
    [/\/imports\/:id/, newId()],
    [/\/notifications\/:id/, newId()],
    [/\/customers\/:id/, rows.customer],
    // No payment is made here: only the made-up id is swept.
    [/\/subscriptions\/payments\/:id/, newId()],
    [/\/subscriptions\/download-invoice\/:id/, newId()],
    [/\/dev\/checkout\/:id/, 'tr_unknown'],
    // The Start plan; no subscription is made here: only the made-up id is swept.
    [/\/global\/subscriptions\/options\/:id/, START_PLAN],
    [/\/global\/subscriptions\/customer-subscriptions\/:id/, newId()],
    [/\/global\/organisations\/discount-codes\/:id/, rows.discountCode],
    // Issue 23: the global admin's calls about an organisation name it by id (home).
    [/\/global\/organisations\/:id/, home],
  ]
  const found = byPath.find(([re]) => re.test(e.path))?.[1]
  if (found === undefined) throw new Error(`endpoint-requests: which row is :id of ${name}?`)
  return found
}

export type SweptRequest = {
  method: EndpointSpec['method']
  url: string
  payload?: unknown
  query: Part['query']
  /** A platform call (global admins only): sent with a global admin's session. */
  platform: boolean
}

/**
 * The owner's valid request to `e` in `home` (branch A, its rows); `change` swaps the ids named
 * in the query or body (`refs: { salon }`), a path parameter (`params: { id }`) or the body.
 */
export function requestOf(
  w: RequestWorld,
  e: EndpointSpec,
  change: { refs?: Partial<Ids>; params?: Record<string, string>; body?: unknown } = {},
): SweptRequest {
  const ids: Ids = {
    org: w.home.id,
    salon: w.home.salons[0].id,
    customer: w.rows.customer,
    questionnaire: w.rows.questionnaire,
    document: w.rows.document,
    role: w.rows.role,
  }
  const name = endpointName(e)
  // `refs` swap the ids the query and body name, never the path's.
  const part = PARTS[name]?.({ ...ids, ...change.refs }, w) ?? {}
  if (e.body && !e.multipart && !part.body && !('body' in change))
    throw new Error(`endpoint-requests: no body for ${name}`)
  const values: Record<string, string> = { org: ids.org, salon: ids.salon }
  for (const m of e.path.matchAll(/:([A-Za-z]+)/g)) {
    const row = rowOf(e, m[1], w.rows, w.home.id)
    if (row !== undefined) values[m[1]] = row
  }
  if (e.path.includes('/employees/:id')) values.id = w.home.owner.id
  Object.assign(values, change.params)
  const query = part.query ? `?${new URLSearchParams(part.query)}` : ''
  return {
    method: e.method,
    url: `/api${fillUrl(e.path, values)}${query}`,
    payload: 'body' in change ? change.body : part.body,
    query: part.query,
    platform: e.action === 'platform.manage',
  }
}

/** Every endpoint the sweeps send as the owner (not public, not multipart, not a download of the dev mailbox). */
export const sweptEndpoints = () => ENDPOINTS.filter((e) => !e.public && !e.multipart)

/** Sent by the owner; the customer's own calls by home's customer, the platform's by a global admin. */
export const send = (w: RequestWorld, r: SweptRequest) =>
  w.app.inject({
    method: r.method,
    url: r.url,
    headers: r.url.includes('/customers/me') ? w.customerHeaders : r.platform ? w.globalHeaders : w.home.owner.headers,
    ...(r.payload !== undefined ? { payload: r.payload as Record<string, unknown> } : {}),
  })
