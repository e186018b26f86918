import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { SkinAnalysis } from '../../contract/skin-analysis'
import { auditEvents, skinAnalyses } from '../../server/db/schema'
import { buildTestApp } from '../helpers/app'
import { seedEmployee, seedOrganisation } from '../helpers/factories'
import { customerBody, newId, postCustomer } from './customers-fixtures'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../helpers/url'

const app = await buildTestApp()
const orgA = await seedOrganisation(app, { salons: 2 })
const orgB = await seedOrganisation(app)
const [a1, a2] = orgA.salons
const owner = orgA.owner.headers
const writer = await seedEmployee(app, {
  organisationId: orgA.id,
  salonIds: [a1.id],
  permissions: ['readCustomers', 'manageCustomers'],
})
const reader = await seedEmployee(app, { organisationId: orgA.id, salonIds: [a1.id], permissions: ['readCustomers'] })
const nobody = await seedEmployee(app, { organisationId: orgA.id, salonIds: [a1.id], permissions: [] })
const customer = await postCustomer(app, orgA.id, owner, customerBody([a1.id]))
const onlyA2 = await postCustomer(app, orgA.id, owner, customerBody([a2.id]))
const customerB = await postCustomer(app, orgB.id, orgB.owner.headers, customerBody([orgB.salons[0].id]))

const url = (id = customer.id, salon = a1.id, org = orgA.id) => apiUrl(API.skinAnalyses.get, { org, salon, id })
const body = (over: Record<string, unknown> = {}) => ({
  id: newId(),
  analysedOn: '2026-03-01',
  skinType: 'combination',
  fitzpatrick: 'III',
  findings: [
    { concern: 'acne', zone: 'forehead', severity: 2 },
    { concern: 'redness', zone: 'leftCheek', severity: 1 },
  ],
  notes: 'Mild breakout on the forehead.',
  photos: [],
  ...over,
})
const put = (headers: Record<string, string>, payload: object, u = url()) =>
  app.inject({ method: 'PUT', url: u, headers, payload })
const get = (headers: Record<string, string>, u = url()) => app.inject({ method: 'GET', url: u, headers })

describe('PUT /customers/{id}/skin-analysis', () => {
  it('skin: saves an analysis (201) with the author, audited as customerSkinAnalysisUpdate without the notes', async () => {
    const res = await put(writer.headers, body())
    expect(res.statusCode).toBe(201)
    const a = res.json() as SkinAnalysis
    expect(a).toMatchObject({
      customerId: customer.id,
      salonId: a1.id,
      employeeId: writer.id,
      authorName: 'Test Employee',
      skinType: 'combination',
      fitzpatrick: 'III',
      analysedOn: '2026-03-01',
    })
    expect(a.findings).toHaveLength(2)
    expect(a.version).toBeGreaterThan(0)
    const events = await app.db.select().from(auditEvents).where(eq(auditEvents.event, 'customerSkinAnalysisUpdate'))
    const mine = events.find((e) => (e.data as { skinAnalysisId: string }).skinAnalysisId === a.id)
    expect(mine).toMatchObject({ salonId: a1.id, customerId: customer.id, actorId: writer.id })
    expect(JSON.stringify(mine?.data)).not.toContain('breakout')
  })

  it('skin: the same id again answers the stored analysis (200), stored once; the id used by someone else is refused', async () => {
    const payload = body()
    const first = await put(owner, payload)
    expect(first.statusCode).toBe(201)
    const again = await put(owner, payload)
    expect(again.statusCode).toBe(200)
    expect(again.json()).toEqual(first.json())
    expect(await app.db.select().from(skinAnalyses).where(eq(skinAnalyses.id, payload.id))).toHaveLength(1)
    const other = await put(writer.headers, payload)
    expect(other.statusCode).toBe(400)
    expect(other.json().details.fields[0].path).toBe('id')
  })

  it('skin: append-only — each save is kept; GET answers the latest and the history newest first', async () => {
    const fresh = await postCustomer(app, orgA.id, owner, customerBody([a1.id]))
    const older = (await put(owner, body({ analysedOn: '2026-01-10' }), url(fresh.id))).json() as SkinAnalysis
    const newer = (
      await put(
        owner,
        body({ analysedOn: '2026-02-20', findings: [{ concern: 'acne', zone: 'chin', severity: 3 }] }),
        url(fresh.id),
      )
    ).json() as SkinAnalysis
    const res = await get(reader.headers, url(fresh.id))
    expect(res.statusCode).toBe(200)
    const h = res.json() as { latest: SkinAnalysis; history: SkinAnalysis[] }
    expect(h.latest.id).toBe(newer.id)
    expect(h.history.map((x) => x.id)).toEqual([newer.id, older.id])
    const none = (await get(owner, url((await postCustomer(app, orgA.id, owner, customerBody([a1.id]))).id))).json()
    expect(none).toEqual({ latest: null, history: [] })
  })

  it('skin: bad input is a 400 that changes nothing', async () => {
    const count = (await app.db.select().from(skinAnalyses)).length
    const cases = [
      body({ analysedOn: '2026-02-31' }),
      body({ skinType: 'shiny' }),
      body({ fitzpatrick: 'VII' }),
      body({ findings: [{ concern: 'acne', zone: 'forehead', severity: 4 }] }),
      body({ findings: [{ concern: 'acne', zone: 'elbow', severity: 1 }] }),
      body({
        findings: [
          { concern: 'acne', zone: 'chin', severity: 1 },
          { concern: 'acne', zone: 'chin', severity: 2 },
        ],
      }),
      body({ notes: 'x'.repeat(5001) }),
      body({ photos: [{ path: 'local-photo:abc', takenOn: '2026-03-01' }] }),
      body({ photos: [{ path: `${orgB.id}/images/0190c0de-0000-7000-8000-000000000000.jpg`, takenOn: '2026-03-01' }] }),
      { ...body(), id: 'not-a-uuid' },
    ]
    for (const c of cases) expect((await put(owner, c)).statusCode, JSON.stringify(c).slice(0, 120)).toBe(400)
    const dup = await put(owner, cases[5])
    expect(dup.json().details.fields[0].code).toBe('skinAnalysis.duplicateFinding')
    expect((await app.db.select().from(skinAnalyses)).length).toBe(count)
  })

  it('skin: a day after today (beyond a day of clock skew) is refused at its field; today and tomorrow in UTC are kept', async () => {
    const count = (await app.db.select().from(skinAnalyses)).length
    const later = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10)
    const future = await put(owner, body({ analysedOn: later }))
    expect(future.statusCode).toBe(400)
    expect(future.json().details.fields[0]).toMatchObject({
      path: 'analysedOn',
      code: 'skinAnalysis.futureDate',
      message: 'The date cannot be in the future.',
    })
    const photo = await put(
      owner,
      body({ photos: [{ path: `${orgA.id}/images/0190c0de-0000-7000-8000-000000000002.jpg`, takenOn: later }] }),
    )
    expect(photo.json().details.fields[0]).toMatchObject({ path: 'photos.0.takenOn', code: 'skinAnalysis.futureDate' })
    expect((await app.db.select().from(skinAnalyses)).length).toBe(count)
    const today = new Date().toISOString().slice(0, 10)
    const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString().slice(0, 10)
    expect((await put(owner, body({ analysedOn: today }))).statusCode).toBe(201)
    expect((await put(owner, body({ analysedOn: tomorrow }))).statusCode).toBe(201)
  })

  it('skin: a photo of this organisation is kept with its day', async () => {
    const path = `${orgA.id}/images/0190c0de-0000-7000-8000-000000000001.jpg`
    const res = await put(owner, body({ photos: [{ path, takenOn: '2026-03-01', caption: 'Forehead' }] }))
    expect(res.statusCode).toBe(201)
    expect(res.json().photos).toEqual([{ path, takenOn: '2026-03-01', caption: 'Forehead' }])
  })
})

describe('skin analysis permissions and tenants', () => {
  it('skin: readers read but may not write; no rights is 403 both ways', async () => {
    expect((await get(reader.headers)).statusCode).toBe(200)
    expect((await put(reader.headers, body())).statusCode).toBe(403)
    expect((await get(nobody.headers)).statusCode).toBe(403)
    expect((await put(nobody.headers, body())).statusCode).toBe(403)
  })

  it('skin: another organisation’s customer or branch, a customer of another branch: 404, nothing stored', async () => {
    const count = (await app.db.select().from(skinAnalyses)).length
    expect((await get(owner, url(customerB.id))).statusCode).toBe(404)
    expect((await put(owner, body(), url(customerB.id))).statusCode).toBe(404)
    expect((await get(owner, url(customer.id, orgB.salons[0].id))).statusCode).toBe(404)
    expect((await get(orgB.owner.headers, url())).statusCode).toBe(404)
    expect((await put(orgB.owner.headers, body(), url(customer.id, a1.id, orgB.id))).statusCode).toBe(404)
    // A customer of branch 2 seen from branch 1.
    expect((await get(owner, url(onlyA2.id, a1.id))).statusCode).toBe(404)
    expect((await put(writer.headers, body(), url(onlyA2.id, a1.id))).statusCode).toBe(404)
    expect((await app.db.select().from(skinAnalyses)).length).toBe(count)
  })
})

describe('skin analyses and the customer’s data rights', () => {
  it('skin: the GDPR export carries them; the hard delete removes them', async () => {
    const c = await postCustomer(app, orgA.id, owner, customerBody([a1.id]))
    await put(owner, body({ notes: 'Export me' }), url(c.id))
    const exp = await app.inject({
      method: 'GET',
      url: apiUrl(API.customers.exportGdpr, { org: orgA.id, id: c.id }),
      headers: owner,
    })
    expect(exp.statusCode).toBe(200)
    const { unzipSync, strFromU8 } = await import('fflate')
    const files = unzipSync(new Uint8Array(exp.rawPayload))
    const skin = JSON.parse(strFromU8(files['skin-analyses.json']))
    expect(skin).toHaveLength(1)
    expect(skin[0]).toMatchObject({ notes: 'Export me', skinType: 'combination' })
    const del = await app.inject({
      method: 'DELETE',
      url: apiUrl(API.customers.hardDelete, { org: orgA.id, id: c.id }),
      headers: owner,
    })
    expect(del.statusCode).toBeLessThan(300)
    expect(await app.db.select().from(skinAnalyses).where(eq(skinAnalyses.customerId, c.id))).toHaveLength(0)
  })
})
