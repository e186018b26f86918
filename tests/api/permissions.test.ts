import { describe, expect, it } from 'vitest'
import { ENDPOINTS } from '../../contract/endpoints'
import { type Action, allows, type Caller } from '../../contract/policy'
import { SYNC_SCHEMA_VERSION } from '../../contract/sync'
import { employeeCallerOf } from '../../server/auth/caller'
import { createSession } from '../../server/auth/sessions'
import { isPublicRoute } from '../../server/http/route-auth'
import { unique } from '../helpers/app'
import { insertCustomer } from '../helpers/auth'
import { bearer, seedEmployee, seedOrganisation, TEST_PASSWORD } from '../helpers/factories'
import { customerBody } from './customers-fixtures'
import { newId, postQuestionnaire, questionnaireBody, validAnswers } from './questionnaires-fixtures'
import { appWithRoutes, fillUrl, type RouteInfo } from './route-table'
import { seedCustomerDocument, seedDocument } from '../documents/fixtures'

/*
 * Issue 8 §1: the permission test generated from the policy table. Every registered route names
 * the POLICY action it performs — in its endpoint definition (contract/endpoints), or, for the
 * definitions that name none, in the list below; for a set of employees with different roles and
 * branches (and a customer), a call is allowed (anything but 403) exactly when
 * `allows(caller, action, branch of the path)` says so. Another organisation's organisation,
 * branches and rows are 404, never 403. A route without an action or without an entry below (the
 * request it takes) fails the test, so none can skip the policy. (`handle` checks the definition's
 * action before the handler, tests/api/endpoint-handle.test.ts; this test checks, with the real
 * handlers, that the services answer the same.)
 */

type Ids = { org: string; salon: string; customer: string; questionnaire: string; submission: string }

/**
 * A route's request for this test, and its action when its definition names none: a POLICY
 * action, or (for the few calls outside the policy) `session`: any signed-in principal (the
 * session itself, the icon catalogue); `customerOnly`: a signed-in customer for themselves.
 * `notApi`: not part of the API (its documentation, stored files, dev pages).
 */
type Entry =
  | {
      action?: Action | 'session' | 'customerOnly'
      body?: (ids: Ids) => unknown
      query?: string | ((ids: Ids) => string)
      /** A row the caller may not see is "not found" (404), never a 403 that says it exists. */
      rowsHidden?: boolean
      /** The replica protocol: staff only here (a customer's push is sync's own, tested there). */
      staffOnly?: boolean
      /** Destroys its row (hard delete, issue 10): each call gets a customer of its own in branch A. */
      freshCustomer?: boolean
    }
  | 'notApi'

const org = '/api/organisations/:org'
const salon = `${org}/salons/:salon`

const ROUTES: Record<string, Entry> = {
  'GET /api/docs/static/index.html': 'notApi',
  'GET /api/docs/static/swagger-initializer.js': 'notApi',
  'GET /api/docs': 'notApi',
  'GET /api/docs/json': 'notApi',
  'GET /api/docs/yaml': 'notApi',
  'GET /api/docs/static/*': 'notApi',
  'GET /storage/*': 'notApi',
  'GET /dev/mailbox': 'notApi',

  'POST /api/authentication/logout': { action: 'session' },
  'GET /api/images/categories': { action: 'session' },
  'POST /api/storage/session': { action: 'session' },
  'POST /api/global/authentication/impersonate': {
    body: () => ({ employeeId: newId(), reason: 'Support ticket: permissions sweep', code: '123456' }),
  },
  // Issue 23: the steps between a global admin's password and session, and an impersonation's
  // stop: no employee or customer session may make them (the platform's own, as for its calls).
  'POST /api/global/authentication/login/code': { action: 'platform.manage', body: () => ({ code: '123456' }) },
  'POST /api/global/authentication/second-factor/setup': { action: 'platform.manage' },
  'POST /api/global/authentication/second-factor/confirm': {
    action: 'platform.manage',
    body: () => ({ code: '123456' }),
  },
  'POST /api/global/authentication/impersonation/stop': { action: 'platform.manage' },
  // Issue 23: the global admins' organisations and platform audit (their definitions name the action).
  'GET /api/global/organisations': { query: 'q=salon' },
  'GET /api/global/organisations/:id': {},
  'PUT /api/global/organisations': { body: (ids) => ({ id: ids.org, city: 'Utrecht' }) },
  'POST /api/global/organisations/:id/suspend': { body: () => ({ reason: 'Permissions sweep' }) },
  'POST /api/global/organisations/:id/reactivate': {},
  'GET /api/global/organisations/:id/export': {},
  'GET /api/global/organisations/:id/invoices/:invoiceId': {},
  'DELETE /api/global/organisations/:id': { query: 'confirm=not-the-name' },
  'GET /api/global/audit': {},
  // Issue 23: the global admins' billing (customer subscriptions, plans, discount codes).
  'GET /api/global/subscriptions/customer-subscriptions': {},
  'DELETE /api/global/subscriptions/customer-subscriptions/:id': { query: 'reason=Sweep&mode=endOfTerm' },
  'GET /api/global/subscriptions/options/all': {},
  'POST /api/global/subscriptions/options': {},
  'PUT /api/global/subscriptions/options/:id': { body: () => ({ active: true }) },
  'GET /api/global/organisations/discount-codes': {},
  'POST /api/global/organisations/discount-codes': {},
  'PUT /api/global/organisations/discount-codes/:id': { body: () => ({ maxRedemptions: 5 }) },
  'POST /api/global/organisations/discount-codes/:id/deactivate': {},
  'DELETE /api/global/organisations/discount-codes/:id': {},
  'GET /api/global/organisations/discount-codes/:id/redemptions': {},
  'GET /api/message-templates/new-questionnaire': {},

  [`GET ${org}`]: {},
  [`PUT ${org}`]: { body: () => ({ city: 'Utrecht' }) },
  // No file: allowed callers get the "not an image" 400, the others 403 before the body is read.
  [`PUT ${org}/logo`]: {},
  [`DELETE ${org}/logo`]: {},
  [`GET ${org}/customer-settings`]: {},
  // Issue 21 #16 (the seeded organisation is confirmed: allowed callers get their own "me" back).
  [`POST ${org}/email-confirmation`]: { body: () => ({ code: 'ABCDEF' }) },
  [`POST ${org}/email-confirmation/resend`]: {},
  [`GET ${org}/salons`]: {},
  [`POST ${org}/salons`]: { body: () => ({ name: unique('Branch ') }) },
  [`GET ${salon}`]: {},
  [`PUT ${salon}`]: { body: () => ({ name: unique('Branch ') }) },
  [`GET ${org}/employees/me`]: {},
  [`PUT ${org}/employees/me/language`]: { body: () => ({ language: 'en' }) },
  [`PUT ${org}/employees/me/pin`]: {
    body: () => ({ pin: null, currentPassword: TEST_PASSWORD }),
  },
  [`POST ${org}/employees/activities`]: { body: () => ({ period: 'all' }) },
  [`GET ${org}/employees`]: {},
  [`POST ${org}/employees`]: {
    body: (ids) => ({
      firstName: 'Zoë',
      lastName: 'Bakker',
      email: `${unique('new-')}@example.test`,
      language: 'en',
      access: [{ salonId: ids.salon, roleId }],
    }),
  },
  [`PUT ${org}/employees/:id`]: { rowsHidden: true, body: () => ({ lastName: 'Jansen' }) },
  [`GET ${org}/employees/:id/effectivePermissions`]: { rowsHidden: true },
  [`GET ${org}/permissions/roles`]: {},
  [`POST ${org}/permissions/roles`]: { body: () => ({ name: unique('Role '), permissions: ['readCustomers'] }) },
  [`PUT ${org}/permissions/roles/:id`]: { body: () => ({ name: unique('Role ') }) },
  // Subscriptions (issue 22): an unknown option or row is a 404 to whoever may, a 403 to the rest.
  [`GET ${org}/subscriptions`]: {},
  [`GET ${org}/subscriptions/access`]: {},
  [`GET ${org}/subscriptions/next-payment`]: {},
  [`GET ${org}/subscriptions/remaining-amount`]: { query: () => `optionId=${newId()}&period=monthly` },
  [`GET ${org}/subscriptions/vat-rate`]: {},
  [`GET ${org}/subscriptions/initialize-subscription-options`]: {},
  [`POST ${org}/subscriptions/option-payment`]: {
    body: () => ({ optionId: newId(), period: 'monthly', autoExtend: true }),
  },
  [`GET ${org}/subscriptions/option-payment/discount-code`]: {
    query: () => `code=NONE&optionId=${newId()}&period=monthly`,
  },
  // WhatsApp credits (issue 23): read with the subscription's read right, bought with its manage right.
  [`GET ${org}/whatsapp-credits/options`]: {},
  [`GET ${org}/subscriptions/initialize-whatsapp-options`]: {},
  [`GET ${org}/whatsapp-credits/balance`]: {},
  [`GET ${org}/whatsapp-credits/transactions`]: {},
  [`POST ${org}/whatsapp-credits/credit-payment`]: { body: () => ({ optionId: newId() }) },
  [`POST ${org}/subscriptions/cancel-subscription`]: {},
  [`GET ${org}/subscriptions/payments`]: {},
  [`GET ${org}/subscriptions/payments/:id`]: { rowsHidden: true },
  [`GET ${org}/subscriptions/download-invoice/:id`]: { rowsHidden: true },
  // Custom fields (issue 10).
  [`GET ${org}/custom-fields`]: {},
  [`POST ${org}/custom-fields`]: {
    body: () => ({ displayName: 'Field', propertyName: unique('f').replace(/[^A-Za-z0-9_]/g, '_'), type: 'text' }),
  },
  [`PUT ${org}/custom-fields/order`]: { body: () => ({ ids: [customFieldIds.own] }) },
  [`PUT ${org}/custom-fields/:id`]: { body: () => ({ displayName: unique('Field ') }) },
  [`DELETE ${org}/custom-fields/:id`]: {},

  [`GET ${org}/customers`]: {},
  [`POST ${org}/customers/search`]: { body: () => ({}) },
  [`POST ${org}/customers`]: { body: (ids) => customerBody([ids.salon]) },
  [`GET ${org}/customers/email`]: { query: 'email=someone%40example.test' },
  [`GET ${org}/customers/all`]: {},
  [`GET ${org}/customers/me`]: { action: 'customerOnly' },
  [`PUT ${org}/customers/me`]: { action: 'customerOnly', body: () => ({ city: 'Leiden' }) },
  [`GET ${org}/customers/:id`]: { rowsHidden: true },
  [`PUT ${org}/customers/:id`]: {
    rowsHidden: true,
    body: () => ({ changes: { city: 'Haarlem' } }),
  },
  [`GET ${org}/customers/:id/conflicts`]: { rowsHidden: true },
  [`POST ${org}/customers/:id/conflicts/:conflictId/resolve`]: { rowsHidden: true },
  [`GET ${org}/customers/activities`]: {},
  // Comments (issue 10): the customer and branch travel in the query.
  [`GET ${org}/customer-comments`]: { query: (ids) => `customerId=${ids.customer}&salonId=${ids.salon}` },
  [`POST ${org}/customer-comments`]: {
    body: (ids) => ({ id: newId(), customerId: ids.customer, salonId: ids.salon, text: 'Permission test' }),
  },
  [`PUT ${org}/customer-comments/:id`]: {
    rowsHidden: true,
    query: (ids) => `customerId=${ids.customer}&salonId=${ids.salon}`,
    body: () => ({ text: 'Changed' }),
  },
  [`DELETE ${org}/customer-comments/:id`]: {
    rowsHidden: true,
    query: (ids) => `customerId=${ids.customer}&salonId=${ids.salon}`,
  },
  // The customer card (issue 11): the branch's configuration and a customer's skin analyses.
  [`GET ${salon}/dashboard-configurations`]: {},
  [`POST ${salon}/dashboard-configurations`]: {
    body: () => ({ config: { modules: [{ kind: 'Advice', enabled: true, elements: [] }] } }),
  },
  [`GET ${salon}/customers/:id/skin-analysis`]: { rowsHidden: true },
  [`PUT ${salon}/customers/:id/skin-analysis`]: {
    rowsHidden: true,
    body: () => ({
      id: newId(),
      analysedOn: '2026-01-01',
      skinType: null,
      fitzpatrick: null,
      findings: [],
      notes: '',
      photos: [],
    }),
  },
  [`DELETE ${org}/customers/:id`]: { rowsHidden: true, freshCustomer: true },
  [`GET ${org}/customers/export`]: {},
  // CSV import (issue 10): per branch; an import of another organisation is not found.
  [`POST ${org}/customers/imports/check`]: { body: () => ({ emails: ['permission-check@example.test'] }) },
  [`POST ${org}/customers/bulk`]: {
    body: (ids) => ({
      importId: newId(),
      chunkId: newId(),
      salonIds: [ids.salon],
      rows: [{ row: 2, email: `import-${newId()}@example.test`, firstName: 'Import', lastName: 'Test' }],
    }),
  },
  [`GET ${org}/customers/imports`]: {},
  [`POST ${org}/customers/imports/:id/undo`]: { rowsHidden: true },
  [`GET ${org}/customers/:id/export`]: { rowsHidden: true },

  [`GET ${salon}/sync/changes`]: { staffOnly: true },
  [`POST ${salon}/sync/push`]: {
    action: 'replica.sync',
    staffOnly: true,
    body: () => ({ clientId: 'permission-test', schemaVersion: SYNC_SCHEMA_VERSION, mutations: [] }),
  },

  [`GET ${salon}/questionnaires`]: {},
  [`GET ${salon}/questionnaires/:id`]: {},
  [`POST ${salon}/questionnaires`]: { body: () => questionnaireBody() },
  [`PUT ${salon}/questionnaires/:id`]: { body: () => ({ name: 'Renamed' }) },
  [`GET ${salon}/questionnaires/:id/export`]: {},
  [`POST ${salon}/questionnaires/:id/shortcuts`]: {
    body: (ids) => ({ customerId: ids.customer }),
  },
  [`POST ${salon}/questionnaires/send`]: {
    body: (ids) => ({ questionnaireId: ids.questionnaire, customerIds: [ids.customer] }),
  },

  [`POST ${salon}/questionnaireSubmissions`]: {
    body: (ids) => ({
      id: newId(),
      customerId: ids.customer,
      questionnaireId: ids.questionnaire,
      answers: validAnswers(),
    }),
  },
  [`GET ${salon}/questionnaireSubmissions`]: {},
  [`GET ${salon}/questionnaireSubmissions/recent`]: {},
  [`GET ${salon}/questionnaireSubmissions/:id`]: {},
  [`POST ${salon}/questionnaireSubmissions/:id/questionSubmission`]: {
    body: () => ({ questionId: 'age', value: 41 }),
  },

  [`POST ${org}/upload/images`]: {},
  // Customer advice (issue 11).
  [`GET ${salon}/customers/:id/advice`]: { rowsHidden: true },
  [`GET ${org}/customers/me/advice`]: { action: 'customerOnly' },
  [`POST ${org}/customers/:id/advice-notification`]: { rowsHidden: true, body: () => ({ channel: 'inApp' }) },
  [`GET ${org}/customers/me/notifications`]: { action: 'customerOnly' },
  [`PUT ${org}/customers/me/notifications/:id/seen`]: { action: 'customerOnly', rowsHidden: true },

  // Grow modules (issue 11): per branch; another branch's or organisation's row is not found.
  [`GET ${salon}/advices`]: {},
  [`POST ${salon}/advices`]: { body: () => ({ name: unique('Module '), kind: 'customerAdvice' }) },
  [`PUT ${salon}/advices/order`]: { body: () => ({ ids: [] }) },
  [`PUT ${salon}/advices/:id`]: { body: () => ({ name: unique('Module '), kind: 'employeeAdvice' }) },
  [`DELETE ${salon}/advices/:id`]: {},
  [`GET ${salon}/advices/advice-groups`]: {},
  [`POST ${salon}/advices/advice-groups`]: { body: () => ({ name: unique('Group ') }) },
  [`PUT ${salon}/advices/advice-groups/order`]: { body: () => ({ ids: [] }) },
  [`PUT ${salon}/advices/advice-groups/:id`]: { body: () => ({ name: unique('Group ') }) },
  [`DELETE ${salon}/advices/advice-groups/:id`]: {},
  [`GET ${salon}/advices/advice-conditions`]: {},
  [`POST ${salon}/advices/advice-conditions`]: { body: (ids) => adviceConditionBody(ids.questionnaire) },
  [`PUT ${salon}/advices/advice-conditions/:id`]: { body: (ids) => adviceConditionBody(ids.questionnaire) },
  [`DELETE ${salon}/advices/advice-conditions/:id`]: {},
  [`GET ${salon}/questionnaires/:id/advice-usage`]: {},
  [`POST ${org}/upload/audio`]: {},
  // Documents and consent forms (issue 12): organisation-level; another organisation's is not found.
  [`GET ${org}/documents`]: {},
  [`POST ${org}/documents`]: {
    body: () => ({ kind: 'consentForm', name: unique('Consent '), text: '<p>I agree.</p>' }),
  },
  [`PUT ${org}/documents/:id`]: { rowsHidden: true, body: () => ({ name: unique('Consent ') }) },
  [`GET ${org}/documents/:id/versions`]: { rowsHidden: true },
  // No file: allowed callers get the "not a PDF" 400, the others 403 before the body is read.
  [`POST ${org}/upload/pdf`]: {},
  // The platform's uploads (issue 24): global admins only; without a file they get the 400.
  'POST /api/upload/images': {},
  'POST /api/upload/audio': {},
  'POST /api/upload/pdf': {},
  // Documents sent to customers (issue 12): the branch acted in travels in the query.
  [`GET ${org}/customers/:id/documents`]: { rowsHidden: true, query: (ids) => `salonId=${ids.salon}` },
  [`POST ${org}/customers/:id/documents`]: {
    rowsHidden: true,
    query: (ids) => `salonId=${ids.salon}`,
    body: () => ({ id: newId(), documentId: documentIds.own.documentId, channel: 'inApp' }),
  },
  [`DELETE ${org}/customers/:id/documents/:docId`]: { rowsHidden: true, query: (ids) => `salonId=${ids.salon}` },
  [`POST ${org}/customers/documents/send`]: {
    query: (ids) => `salonId=${ids.salon}`,
    body: (ids) => ({ batchId: newId(), documentId: documentIds.own.documentId, customerIds: [ids.customer] }),
  },
  // The customer reads and answers (issue 12): their own area, or the tablet handed over by staff.
  [`GET ${org}/customers/me/documents`]: { action: 'customerOnly' },
  [`PUT ${org}/customers/:id/documents/:docId`]: {
    rowsHidden: true,
    body: () => ({ status: 'seen', deviceTime: new Date().toISOString() }),
  },
  // The signed PDF (issue 12): 404 until answered, so allowed callers get 404 and the rest 403.
  [`GET ${org}/customers/:id/documents/:docId/certificate`]: {
    rowsHidden: true,
    query: (ids) => `salonId=${ids.salon}`,
  },
  [`GET ${org}/customers/me/documents/:docId/certificate`]: { action: 'customerOnly', rowsHidden: true },
  // Trainings (issue 24): every employee reads, manageTrainings writes; another organisation's is not found.
  [`GET ${org}/trainings/courses`]: {},
  [`POST ${org}/trainings/courses`]: { body: () => ({ title: unique('Course ') }) },
  [`PUT ${org}/trainings/courses/order`]: { body: () => ({ ids: [] }) },
  [`GET ${org}/trainings/courses/:id`]: {},
  [`PUT ${org}/trainings/courses/:id`]: { body: () => ({ title: unique('Course ') }) },
  [`DELETE ${org}/trainings/courses/:id`]: {},
  [`GET ${org}/trainings/courses/:id/modules`]: {},
  [`POST ${org}/trainings/courses/:id/modules`]: { body: () => ({ title: unique('Module ') }) },
  [`PUT ${org}/trainings/courses/:id/modules/order`]: { body: () => ({ ids: [] }) },
  [`GET ${org}/trainings/courses/:id/modules/:moduleId`]: {},
  [`PUT ${org}/trainings/courses/:id/modules/:moduleId`]: { body: () => ({ title: unique('Module ') }) },
  [`DELETE ${org}/trainings/courses/:id/modules/:moduleId`]: {},
  [`GET ${org}/trainings/courses/:id/segments/:segmentId`]: {},
  [`GET ${org}/trainings/progress`]: {},
  [`GET ${org}/trainings/courses/:id/progress`]: {},
  [`GET ${org}/trainings/certificates`]: {},
  [`GET ${org}/trainings/certificates/:id/pdf`]: {},
  // Paid courses (issue 24): the global admins write them; every employee reads the catalogue.
  'GET /api/global/paid-courses': {},
  'POST /api/global/paid-courses': { body: () => ({ title: unique('Paid '), priceCents: 100 }) },
  'PUT /api/global/paid-courses/order': { body: () => ({ ids: [] }) },
  'GET /api/global/paid-courses/:id': {},
  'PUT /api/global/paid-courses/:id': { body: () => ({ title: unique('Paid '), priceCents: 100 }) },
  'DELETE /api/global/paid-courses/:id': {},
  'GET /api/global/paid-courses/:id/modules': {},
  'POST /api/global/paid-courses/:id/modules': { body: () => ({ title: unique('Module ') }) },
  'PUT /api/global/paid-courses/:id/modules/order': { body: () => ({ ids: [] }) },
  'GET /api/global/paid-courses/:id/modules/:moduleId': {},
  'PUT /api/global/paid-courses/:id/modules/:moduleId': { body: () => ({ title: unique('Module ') }) },
  'DELETE /api/global/paid-courses/:id/modules/:moduleId': {},
  [`GET ${org}/paid-courses`]: {},
  [`GET ${org}/paid-courses/:id/modules`]: {},
  [`GET ${org}/paid-courses/:id/segments/:segmentId`]: {},
  // Buying a paid course (issue 24): with the subscription's manage right, as credits.
  [`POST ${org}/paid-courses/:id/payment`]: {},
  [`GET ${org}/paid-courses/:id/discount-codes/:code`]: {},
  // User manuals (issue 24): every employee reads; the global admins write (platform.manage).
  'GET /api/user-manuals/courses': { query: 'q=zoeken' },
  'GET /api/user-manuals/offline': { query: 'version=none' },
  'POST /api/user-manuals/courses': { body: () => ({ title: unique('Manual ') }) },
  'PUT /api/user-manuals/courses/order': { body: () => ({ ids: [] }) },
  'GET /api/user-manuals/courses/:id': {},
  'PUT /api/user-manuals/courses/:id': { body: () => ({ title: unique('Manual ') }) },
  'DELETE /api/user-manuals/courses/:id': {},
  'GET /api/user-manuals/courses/:id/modules': {},
  'POST /api/user-manuals/courses/:id/modules': { body: () => ({ title: unique('Module ') }) },
  'PUT /api/user-manuals/courses/:id/modules/order': { body: () => ({ ids: [] }) },
  'GET /api/user-manuals/courses/:id/modules/:moduleId': {},
  'PUT /api/user-manuals/courses/:id/modules/:moduleId': { body: () => ({ title: unique('Module ') }) },
  'DELETE /api/user-manuals/courses/:id/modules/:moduleId': {},
  [`GET ${org}/documents/evidence/verification`]: {},
  [`POST ${org}/documents/:id/reconsent`]: {
    rowsHidden: true,
    query: (ids) => `salonId=${ids.salon}`,
    body: () => ({ batchId: newId() }),
  },
}

/** A Grow condition on the test questionnaire (skin type is dry). */
const adviceConditionBody = (questionnaireId: string) => ({
  name: unique('Condition '),
  subconditions: [{ questionnaireId, questionId: 'skin', operator: 'equals', value: 'dry' }],
})

const { app, routes } = await appWithRoutes()
const home = await seedOrganisation(app, { salons: 2 })
const away = await seedOrganisation(app)
const [A, B] = home.salons

// The people: an owner; a receptionist with customer rights in branch A only; an employee with
// questionnaire rights in branch B only; a reader of customers and questionnaires in A; an
// employee without any grant; a customer of branch A.
const reception = await seedEmployee(app, {
  organisationId: home.id,
  salonIds: [A.id],
  permissions: ['readCustomers', 'manageCustomers'],
})
const questionnaires = await seedEmployee(app, {
  organisationId: home.id,
  salonIds: [B.id],
  permissions: ['readQuestionnaires', 'manageQuestionnaires'],
})
const reader = await seedEmployee(app, {
  organisationId: home.id,
  salonIds: [A.id],
  permissions: ['readCustomers', 'readQuestionnaires'],
})
const nobody = await seedEmployee(app, { organisationId: home.id, salonIds: [] })

const customer = await insertCustomer(app, { organisationId: home.id, salonIds: [A.id] })
const questionnaire = await postQuestionnaire(app, home.id, A.id, home.owner.headers)
const submission = newId()
const post = (url: string, payload: unknown, headers = home.owner.headers) =>
  app.inject({ method: 'POST', url, headers, payload: payload as Record<string, unknown> })
const submitted = await post(`/api/organisations/${home.id}/salons/${A.id}/questionnaireSubmissions`, {
  id: submission,
  customerId: customer.id,
  questionnaireId: questionnaire.id,
  answers: validAnswers(),
})
if (submitted.statusCode !== 201) throw new Error(`submission: ${submitted.body}`)
// A role of our own for the role routes (renamed by the test, granted to nobody).
const spareRole = await post(`/api/organisations/${home.id}/permissions/roles`, { name: 'Spare', permissions: [] })
if (spareRole.statusCode !== 201) throw new Error(`role: ${spareRole.body}`)
const roleId: string = spareRole.json().id
// A custom field in each organisation for the custom field routes (issue 10).
const fieldOf = async (o: { id: string; owner: { headers: Record<string, string> } }) => {
  const res = await app.inject({
    method: 'POST',
    url: `/api/organisations/${o.id}/custom-fields`,
    headers: o.owner.headers,
    payload: { displayName: 'Spare', propertyName: 'spare', type: 'text' },
  })
  if (res.statusCode !== 201) throw new Error(`custom field: ${res.body}`)
  return res.json().id as string
}
const customFieldIds = { own: await fieldOf(home), away: await fieldOf(away) }
// A Grow module, group and condition in branch A of each organisation (issue 11).
const growOf = async (
  o: { id: string; salons: { id: string }[]; owner: { headers: Record<string, string> } },
  questionnaireId: string,
) => {
  const base = `/api/organisations/${o.id}/salons/${o.salons[0].id}/advices`
  const made = async (path: string, payload: object) => {
    const res = await app.inject({ method: 'POST', url: base + path, headers: o.owner.headers, payload })
    if (res.statusCode !== 201) throw new Error(`grow ${path}: ${res.body}`)
    return res.json().id as string
  }
  return {
    advice: await made('', { name: 'Spare', kind: 'customerAdvice' }),
    group: await made('/advice-groups', { name: 'Spare' }),
    condition: await made('/advice-conditions', adviceConditionBody(questionnaireId)),
  }
}
// A clash (the base is not what the server holds) gives the customer a conflict to resolve.
await app.inject({
  method: 'PUT',
  url: `/api/organisations/${home.id}/customers/${customer.id}`,
  headers: home.owner.headers,
  payload: { changes: { city: 'Amsterdam' }, base: { city: 'Elsewhere' } },
})
const conflicts = await app.inject({
  url: `/api/organisations/${home.id}/customers/${customer.id}/conflicts`,
  headers: home.owner.headers,
})
const conflictId: string = conflicts.json()[0].id

// Another organisation's rows, for the 404 checks.
const awayCustomer = await insertCustomer(app, { organisationId: away.id, salonIds: [away.salons[0].id] })
const awayQuestionnaire = await postQuestionnaire(app, away.id, away.salons[0].id, away.owner.headers)
const growIds = { own: await growOf(home, questionnaire.id), away: await growOf(away, awayQuestionnaire.id) }
// A training course with a module and a segment in each organisation (issue 24).
const trainingOf = async (o: { id: string; owner: { headers: Record<string, string> } }) => {
  const made = async (path: string, payload: object) => {
    const url = `/api/organisations/${o.id}/trainings/courses${path}`
    const res = await app.inject({ method: 'POST', url, headers: o.owner.headers, payload })
    if (res.statusCode !== 201) throw new Error(`training ${path}: ${res.body}`)
    return res.json()
  }
  const course = (await made('', { title: 'Spare' })).id as string
  const module = await made(`/${course}/modules`, { title: 'Spare', segments: [{ kind: 'text', title: 'Spare' }] })
  return { course, moduleId: module.id as string, segmentId: module.segments[0].id as string }
}
const trainingIds = { own: await trainingOf(home), away: await trainingOf(away) }
// A consent form in each organisation, and one sent to our customer in A (issue 12).
const documentIds = { own: await seedDocument(app, home.id), away: await seedDocument(app, away.id) }
const sentDocumentId = await seedCustomerDocument(app, {
  organisationId: home.id,
  salonId: A.id,
  customerId: customer.id,
  ...documentIds.own,
})

type Person = { name: string; caller: Caller; headers: () => Promise<Record<string, string>> }
const sessionFor = async (kind: 'employee' | 'customer', subjectId: string) =>
  bearer((await createSession(app.db, { kind, subjectId, organisationId: home.id, ttlHours: 1 })).token)
const employee = async (name: string, id: string): Promise<Person> => ({
  name,
  caller: await employeeCallerOf(app.db, home.id, id),
  headers: () => sessionFor('employee', id),
})
const people: Person[] = [
  await employee('owner', home.owner.id),
  await employee('receptionist (customers in A)', reception.id),
  await employee('questionnaire employee (B)', questionnaires.id),
  await employee('reader (customers and questionnaires in A)', reader.id),
  await employee('employee without grants', nobody.id),
  {
    name: 'customer of A',
    caller: { kind: 'customer', organisationId: home.id, customerId: customer.id, salonIds: [A.id] },
    headers: () => sessionFor('customer', customer.id),
  },
]

const key = (r: RouteInfo) => `${r.method} ${r.url}`
const api = routes.filter((r) => !isPublicRoute(r))
const definitionOf = (r: RouteInfo) => ENDPOINTS.find((e) => e.method === r.method && `/api${e.path}` === r.url)
/** The route's action: its definition's, else this test's (for definitions that name none). */
const actionOf = (r: RouteInfo) => {
  const entry = ROUTES[key(r)]
  return definitionOf(r)?.action ?? (entry && entry !== 'notApi' ? entry.action : undefined)
}

/** The id a row param stands for, by the collection it belongs to. */
function rowIds(url: string, own: boolean) {
  const grow = own ? growIds.own : growIds.away
  const training = own ? trainingIds.own : trainingIds.away
  const id = url.includes('/trainings/courses/')
    ? training.course
    : url.startsWith('/api/organisations/:org/documents/')
      ? own
        ? documentIds.own.documentId
        : documentIds.away.documentId
      : url.includes('/advice-groups/')
        ? grow.group
        : url.includes('/advice-conditions/')
          ? grow.condition
          : url.includes('/advices/')
            ? grow.advice
            : url.includes('/custom-fields/')
              ? own
                ? customFieldIds.own
                : customFieldIds.away
              : url.includes('/permissions/roles/')
                ? own
                  ? roleId
                  : away.ownerRoleId
                : url.includes('/employees/')
                  ? own
                    ? reception.id
                    : away.owner.id
                  : url.includes('/questionnaireSubmissions/')
                    ? own
                      ? submission
                      : newId()
                    : url.includes('/questionnaires/')
                      ? own
                        ? questionnaire.id
                        : awayQuestionnaire.id
                      : own
                        ? customer.id
                        : awayCustomer.id
  return {
    id,
    conflictId: own ? conflictId : newId(),
    docId: own ? sentDocumentId : newId(),
    moduleId: training.moduleId,
    segmentId: training.segmentId,
  }
}

async function call(r: RouteInfo, entry: Exclude<Entry, 'notApi'>, headers: Record<string, string>, ids: Ids) {
  const own = ids.org === home.id && ids.customer === customer.id
  const values = { ...rowIds(r.url, own), ...ids }
  if (entry.freshCustomer && own)
    values.id = (await insertCustomer(app, { organisationId: home.id, salonIds: [A.id] })).id
  const query = typeof entry.query === 'function' ? entry.query(ids) : entry.query
  const url = fillUrl(r.url, values) + (query ? `?${query}` : '')
  const payload = entry.body?.(ids) as Record<string, unknown> | undefined
  return app.inject({ method: r.method as 'GET', url, headers, ...(payload ? { payload } : {}) })
}

const homeIds = (salonId: string): Ids => ({
  org: home.id,
  salon: salonId,
  customer: customer.id,
  questionnaire: questionnaire.id,
  submission,
})

describe('permissions: every route follows the policy table', () => {
  it('every registered route has an action and an entry (a new route cannot skip the policy)', () => {
    const missing = api.map(key).filter((k) => !(k in ROUTES))
    expect(missing).toEqual([])
    const stale = Object.keys(ROUTES).filter((k) => !api.some((r) => key(r) === k))
    expect(stale).toEqual([])
    const withoutAction = api.filter((r) => ROUTES[key(r)] !== 'notApi' && !actionOf(r)).map(key)
    expect(withoutAction).toEqual([])
    // The definition is the source: this list names an action only where the definition has none.
    const doubled = api.filter((r) => {
      const entry = ROUTES[key(r)]
      return definitionOf(r)?.action && entry !== 'notApi' && entry?.action
    })
    expect(doubled.map(key)).toEqual([])
  })

  for (const r of api) {
    const entry = ROUTES[key(r)]
    if (!entry || entry === 'notApi') continue
    it(`${key(r)}: allowed exactly when the policy says so`, async () => {
      const action = actionOf(r)!
      const branches = r.url.includes(':salon') ? [A.id, B.id] : [undefined]
      const wrong: string[] = []
      for (const person of people) {
        const isCustomer = person.caller.kind === 'customer'
        if (entry.staffOnly && isCustomer) continue
        for (const salonId of branches) {
          const allowed =
            action === 'session'
              ? true
              : action === 'customerOnly'
                ? isCustomer
                : allows(person.caller, action, salonId)
          const res = await call(r, entry, await person.headers(), homeIds(salonId ?? A.id))
          // Denied is a 403; a customer outside the branch learns nothing about it (404), and a
          // row one may not see is not found (404).
          const hides = isCustomer || entry.rowsHidden
          const ok = allowed ? res.statusCode !== 403 : res.statusCode === 403 || (hides && res.statusCode === 404)
          if (!ok || res.statusCode >= 500)
            wrong.push(`${person.name} in ${salonId === B.id ? 'B' : 'A'}: ${res.statusCode} ${res.body.slice(0, 120)}`)
        }
      }
      expect(wrong).toEqual([])
    })
  }
})

describe('permissions: another organisation is a 404, never a 403', () => {
  const inOrg = api.filter((r) => r.url.includes(':org') && ROUTES[key(r)] && ROUTES[key(r)] !== 'notApi')
  for (const r of inOrg) {
    const entry = ROUTES[key(r)] as Exclude<Entry, 'notApi'>
    it(`${key(r)}: another organisation's owner gets 404; a foreign branch or row is 404`, async () => {
      const wrong: string[] = []
      const theirs = await call(r, entry, away.owner.headers, homeIds(A.id))
      if (theirs.statusCode !== 404) wrong.push(`their owner in our organisation: ${theirs.statusCode}`)
      const foreign = r.url.includes(':salon') || r.url.includes(':id')
      if (foreign) {
        const ids = { ...homeIds(A.id), customer: awayCustomer.id }
        if (r.url.includes(':salon')) ids.salon = away.salons[0].id
        const ours = await call(r, entry, home.owner.headers, ids)
        if (ours.statusCode !== 404) wrong.push(`our owner, their branch or row: ${ours.statusCode} ${ours.body}`)
      }
      expect(wrong).toEqual([])
    })
  }
})
