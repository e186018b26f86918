import { eq } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import { describe, expect, it } from 'vitest'
import { API } from '../../contract/endpoints'
import { ORGANISATION_RETENTION_DAYS } from '../../contract/global-organisations'
import { auditEvents, customers, invoices, organisations, payments, sessions } from '../../server/db/schema'
import { issueInvoice } from '../../server/services/billing/invoices'
import { purgeDeletedOrganisations } from '../../server/services/global-organisations/remove'
import { tempDataDir } from '../helpers/files'
import { buildTestApp } from '../helpers/app'
import { insertCustomer } from '../helpers/auth'
import { TEST_PASSWORD } from '../helpers/factories'
import { seedGlobalAdmin } from '../helpers/global-admin'
import { freshIp } from '../helpers/signup'
import { apiUrl } from '../helpers/url'
import { paidOrganisation, trialOrganisation } from './subscriptions/fixtures'

// Issue 23 (research §7 E7): deleting an organisation — typed confirmation, refused under a
// subscription, soft with a retention period, gone for its users at once, purged afterwards.
// Its own folder for stored files: the purge removes an organisation's files there.
const app = await buildTestApp({ dataDir: tempDataDir('global-organisations-delete-') })
const admin = await seedGlobalAdmin(app)
const DAY = 86_400_000

const remove = (id: string, confirm: string) =>
  app.inject({
    method: 'DELETE',
    url: apiUrl(API.globalOrganisations.remove, { id }, { confirm }),
    headers: admin.headers,
  })
const orgRow = async (id: string) => (await app.db.select().from(organisations).where(eq(organisations.id, id)))[0]

describe('global organisations: delete', () => {
  it('a wrong confirmation is a 400 that changes nothing', async () => {
    const org = await trialOrganisation(app)
    for (const confirm of ['', org.slug, org.companyName.toLowerCase(), `${org.companyName}x`]) {
      const res = await remove(org.id, confirm)
      expect(res.statusCode, confirm).toBe(400)
    }
    expect((await remove(org.id, 'nope')).json().code).toBe('DELETE_CONFIRMATION_MISMATCH')
    expect(await orgRow(org.id)).toMatchObject({ deletedAt: null, purgeAfter: null })
    const me = await app.inject({ url: apiUrl(API.employees.me, { org: org.id }), headers: org.owner.headers })
    expect(me.statusCode).toBe(200)
  })

  it('is refused while a paid subscription runs or a payment is unpaid', async () => {
    const paid = await paidOrganisation(app, { code: 'start' })
    const refused = await remove(paid.id, paid.companyName)
    expect(refused.statusCode).toBe(409)
    expect(refused.json().code).toBe('ORGANISATION_HAS_SUBSCRIPTION')
    expect((await orgRow(paid.id)).deletedAt).toBeNull()

    const unpaid = await trialOrganisation(app)
    const [template] = await app.db.select().from(payments).where(eq(payments.organisationId, paid.id))
    await app.db
      .insert(payments)
      .values({ ...template, id: uuidv7(), organisationId: unpaid.id, status: 'open', providerPaymentId: null })
    expect((await remove(unpaid.id, unpaid.companyName)).json().code).toBe('ORGANISATION_HAS_SUBSCRIPTION')
  })

  it('soft-deletes: gone for its staff and visitors at once, kept for the retention period, audited', async () => {
    const org = await trialOrganisation(app)
    const before = Date.now()
    const res = await remove(org.id, ` ${org.companyName} `)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ status: 'deletedPending' })
    const purgeAfter = new Date(res.json().deletion.purgeAfter).getTime()
    expect(purgeAfter).toBeGreaterThanOrEqual(before + ORGANISATION_RETENTION_DAYS * DAY)

    // The staff's session ends, and they cannot sign in again (the same answer as a wrong password).
    const me = await app.inject({ url: apiUrl(API.employees.me, { org: org.id }), headers: org.owner.headers })
    expect(me.statusCode).toBe(401)
    expect(await app.db.select().from(sessions).where(eq(sessions.organisationId, org.id))).toEqual([])
    const login = await app.inject({
      method: 'POST',
      url: apiUrl(API.auth.login),
      payload: { email: org.owner.email, password: TEST_PASSWORD },
      remoteAddress: freshIp(),
    })
    expect(login.statusCode).toBe(401)
    expect(login.json().code).toBe('INVALID_CREDENTIALS')
    // Its web address finds nothing, as for an organisation that never was.
    const lookup = await app.inject({ url: apiUrl(API.organisations.findPublic, { slug: org.slug }) })
    expect(lookup.json().code).toBe('ORGANISATION_NOT_FOUND')

    // The admin still sees it; a second delete changes nothing; it is no longer edited.
    expect(
      (await app.inject({ url: apiUrl(API.globalOrganisations.get, { id: org.id }), headers: admin.headers })).json(),
    ).toMatchObject({ status: 'deletedPending' })
    expect((await remove(org.id, org.companyName)).json().code).toBe('ORGANISATION_STATE_UNCHANGED')
    const [entry] = await app.db.select().from(auditEvents).where(eq(auditEvents.event, 'organisationDelete'))
    expect(entry).toMatchObject({ organisationId: org.id, actorKind: 'globalAdmin', actorId: admin.id })
  })
})

describe('global organisations: export', () => {
  it('is the organisation’s data as JSON, without secrets; another organisation’s rows are not in it', async () => {
    const org = await trialOrganisation(app)
    const other = await trialOrganisation(app)
    const mine = await insertCustomer(app, { organisationId: org.id, salonIds: [org.salons[0].id] })
    await insertCustomer(app, { organisationId: other.id, salonIds: [other.salons[0].id] })
    const res = await app.inject({
      url: apiUrl(API.globalOrganisations.exportData, { id: org.id }),
      headers: admin.headers,
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('application/json')
    expect(res.headers['content-disposition']).toContain(`${org.slug}-`)
    const data = res.json()
    expect(data.organisation).toMatchObject({ id: org.id, slug: org.slug })
    expect(data.customers.map((c: { id: string }) => c.id)).toEqual([mine.id])
    expect(data.employees.map((e: { id: string }) => e.id)).toEqual([org.owner.id])
    expect(data.subscriptions).toHaveLength(1)
    expect(res.body).not.toMatch(/passwordHash|kioskPin(Hash|Verifier)/)
  })
})

describe('global organisations: purge after the retention period', () => {
  it('removes the organisation and everything of it (invoices too) once its time has come, keeps the audit', async () => {
    const org = await paidOrganisation(app, { code: 'start', validTo: new Date(Date.now() - 40 * DAY) })
    const [payment] = await app.db.select().from(payments).where(eq(payments.organisationId, org.id))
    const organisation = await orgRow(org.id)
    const seller = { name: 'Platform B.V.', addressLines: ['Straat 1'], country: 'NL', vatNumber: 'NL000000000B01' }
    await app.db.transaction((tx) => issueInvoice(tx, { payment, organisation, seller, now: new Date() }))
    await insertCustomer(app, { organisationId: org.id, salonIds: [org.salons[0].id] })
    const kept = await trialOrganisation(app)
    expect((await remove(org.id, org.companyName)).statusCode).toBe(200)
    const storage = app.storage
    const photo = `${org.id}/images/${uuidv7()}.png`
    const keptLogo = `${kept.id}/logo/${uuidv7()}.png`
    await storage.put(photo, Buffer.from('photo'))
    await storage.put(keptLogo, Buffer.from('logo'))

    // Not yet: the retention period runs.
    expect(await purgeDeletedOrganisations({ db: app.db, storage, now: new Date(Date.now() + 29 * DAY) })).toBe(0)
    expect(await orgRow(org.id)).toBeTruthy()
    expect(await storage.stat(photo)).not.toBeNull()

    const purged = await purgeDeletedOrganisations({
      db: app.db,
      storage,
      now: new Date(Date.now() + (ORGANISATION_RETENTION_DAYS + 1) * DAY),
    })
    expect(purged).toBeGreaterThanOrEqual(1)
    expect(await orgRow(org.id)).toBeUndefined()
    expect(await app.db.select().from(customers).where(eq(customers.organisationId, org.id))).toEqual([])
    expect(await app.db.select().from(invoices).where(eq(invoices.organisationId, org.id))).toEqual([])
    expect(await orgRow(kept.id)).toBeTruthy()
    // Its stored files went with it; another organisation's stayed.
    expect(await storage.stat(photo)).toBeNull()
    expect(await storage.stat(keptLogo)).not.toBeNull()
    const trail = await app.db.select().from(auditEvents).where(eq(auditEvents.organisationId, org.id))
    expect(trail.map((t) => t.event)).toEqual(expect.arrayContaining(['organisationDelete', 'organisationPurge']))
  })
})
