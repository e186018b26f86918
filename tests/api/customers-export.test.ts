import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { and, eq } from 'drizzle-orm'
import { strFromU8, unzipSync } from 'fflate'
import Papa from 'papaparse'
import { v7 as uuidv7 } from 'uuid'
import { describe, expect, it } from 'vitest'
import { auditEvents, customFields, customerComments, customers } from '../../server/db/schema'
import { buildTestApp, unique } from '../helpers/app'
import { seedEmployee, seedOrganisation } from '../helpers/factories'
import { customerBody, PNG, postCustomer, postSubmissionWithPhoto } from './customers-fixtures'
import { newId } from './questionnaires-fixtures'
import { API } from '../../contract/endpoints'
import { apiUrl, type Query } from '../helpers/url'

/* Issue 10: the customer list as CSV (the current filter, custom fields) and one customer's GDPR export. */
const dataDir = mkdtempSync(path.join(tmpdir(), 'customers-export-'))
const app = await buildTestApp({ dataDir })
const org = await seedOrganisation(app, { salons: 2 })
const other = await seedOrganisation(app)
const [s1, s2] = org.salons
const owner = org.owner.headers
const nobody = await seedEmployee(app, { organisationId: org.id, salonIds: [s1.id], permissions: [] })

// Custom fields, inserted as the custom fields screen would store them; one removed.
const field = (displayName: string, propertyName: string, type: string, position: number, deleted = false) => ({
  id: uuidv7(),
  organisationId: org.id,
  displayName,
  propertyName,
  type,
  position,
  version: 1,
  deletedAt: deleted ? new Date() : null,
})
await app.db
  .insert(customFields)
  .values([
    field('Huidtype', 'skinType', 'text', 2),
    field('Klant sinds', 'since', 'date', 1),
    field('Nieuwsbrief', 'newsletter', 'boolean', 3),
    field('Oud veld', 'old', 'text', 0, true),
  ])

const tag = unique('exp')
const anna = await postCustomer(
  app,
  org.id,
  owner,
  customerBody([s1.id], { firstName: 'Anna', lastName: `Émile ${tag}` }),
)
await app.db
  .update(customers)
  .set({ customValues: { skinType: '=HYPERLINK("http://evil")', since: '2020-03-01', newsletter: true, old: 'x' } })
  .where(eq(customers.id, anna.id))
const bob = await postCustomer(
  app,
  org.id,
  owner,
  customerBody([s2.id], { firstName: '@bob', lastName: `Visser ${tag}`, notes: '+cmd|calc', city: '-2+3' }),
)
const gone = await postCustomer(app, org.id, owner, customerBody([s1.id], { firstName: 'Gone', lastName: `Z ${tag}` }))
await app.inject({
  method: 'PUT',
  url: apiUrl(API.customers.update, { org: org.id, id: gone.id }),
  headers: owner,
  payload: { changes: { deleted: true } },
})

/** The CSV export; a string is sent as the raw query (malformed on purpose). */
async function csv(query: Query | string, headers = owner) {
  const url =
    typeof query === 'string'
      ? `${apiUrl(API.customers.exportCsv, { org: org.id })}?${query}`
      : apiUrl(API.customers.exportCsv, { org: org.id }, query)
  const res = await app.inject({ url, headers })
  return {
    res,
    rows:
      res.statusCode === 200
        ? Papa.parse<string[]>(res.body.replace(/^\uFEFF/, ''), { delimiter: ';' }).data.filter((r) => r.length > 1)
        : [],
  }
}

describe('GET /customers/export (CSV)', () => {
  it('answers UTF-8 with a BOM and ; with the customer fields then the live custom fields by position', async () => {
    const { res, rows } = await csv({ search: tag })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('text/csv')
    expect(res.headers['content-disposition']).toContain('attachment')
    expect(res.body.startsWith('\uFEFF')).toBe(true)
    const [header, ...data] = rows
    expect(header.slice(0, 3)).toEqual(['Voornaam', 'Achternaam', 'E-mail'])
    expect(header.slice(-3)).toEqual(['Klant sinds', 'Huidtype', 'Nieuwsbrief'])
    expect(header).not.toContain('Oud veld')
    expect(data).toHaveLength(2)
    const a = data.find((r) => r[2] === anna.email) as string[]
    expect(a[1]).toBe(`Émile ${tag}`)
    // formatCustomValue: dd-MM-yyyy, ja/nee; a formula is neutralised.
    expect(a.slice(-3)).toEqual(['01-03-2020', `'=HYPERLINK("http://evil")`, 'ja'])
  })

  it('is formula-injection safe: cells starting with = + - @ are prefixed, phone numbers stay', async () => {
    const { rows } = await csv({ search: tag })
    const b = rows.find((r) => r[2] === bob.email) as string[]
    expect(b[0]).toBe("'@bob")
    expect(b).toContain("'+cmd|calc")
    expect(b).toContain("'-2+3")
    expect(b).toContain('+31612345678')
  })

  it('follows the filter: branch, search, include deleted', async () => {
    expect((await csv({ search: tag, salonId: s2.id })).rows.slice(1).map((r) => r[2])).toEqual([bob.email])
    const all = (await csv({ search: tag, includeDeleted: true })).rows.slice(1)
    expect(all.map((r) => r[2])).toContain(gone.email)
    expect(all.find((r) => r[2] === gone.email)).toContain('ja')
  })

  it('is audited (customersSearch, export csv) and needs the right; another organisation sees none of ours', async () => {
    const events = await app.db.select().from(auditEvents).where(eq(auditEvents.event, 'customersSearch'))
    expect(events.some((e) => (e.data as { export?: string }).export === 'csv')).toBe(true)
    expect((await csv({}, nobody.headers)).res.statusCode).toBe(403)
    const cross = await app.inject({
      url: apiUrl(API.customers.exportCsv, { org: org.id }),
      headers: other.owner.headers,
    })
    expect([403, 404]).toContain(cross.statusCode)
    const theirs = await app.inject({
      url: apiUrl(API.customers.exportCsv, { org: other.id }, { search: tag }),
      headers: other.owner.headers,
    })
    expect(theirs.statusCode).toBe(200)
    expect(theirs.body).not.toContain(tag)
  })

  it('odd input is a 400, never a 500', async () => {
    expect((await csv({ salonId: 'nope' })).res.statusCode).toBe(400)
    expect((await csv({ search: 'x'.repeat(10_000) })).res.statusCode).toBe(400)
    expect((await csv(`search=%00%ED%A0%80`)).res.statusCode).toBeLessThan(500)
  })
})

describe('GET /customers/{id}/export (GDPR ZIP)', () => {
  it('holds a readable summary, customer.json, submissions with questions as text, photos, comments, activity', async () => {
    await postSubmissionWithPhoto(app, {
      orgId: org.id,
      salonId: s1.id,
      headers: owner,
      storage: app.storage,
      customerId: anna.id,
    })
    await app.db.insert(customerComments).values({
      id: uuidv7(),
      organisationId: org.id,
      customerId: anna.id,
      salonId: s1.id,
      authorName: 'Eva',
      text: 'Likes <b>tea</b>',
      version: 1,
    })

    await app.db.update(customers).set({ language: 'en' }).where(eq(customers.id, anna.id))
    const res = await app.inject({
      url: apiUrl(API.customers.exportGdpr, { org: org.id, id: anna.id }),
      headers: owner,
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/zip')
    const files = unzipSync(new Uint8Array(res.rawPayload))
    const names = Object.keys(files)
    expect(names).toEqual(
      expect.arrayContaining(['overzicht.html', 'customer.json', 'submissions.json', 'comments.json', 'activity.json']),
    )
    const customer = JSON.parse(strFromU8(files['customer.json']))
    expect(customer).toMatchObject({
      id: anna.id,
      email: anna.email,
      firstName: 'Anna',
      phoneNumber: '+31612345678',
      language: 'en',
    })
    expect(customer.customFields).toMatchObject({ Huidtype: '=HYPERLINK("http://evil")', Nieuwsbrief: 'ja' })
    const subs = JSON.parse(strFromU8(files['submissions.json']))
    expect(subs[0].questionnaire).toBe('Intake test')
    expect(subs[0].answers).toEqual(
      expect.arrayContaining([
        { question: 'Skin type', answer: 'Dry skin (xerosis)' },
        { question: 'Last visit', answer: '31-01-2026' },
      ]),
    )
    const photoFile = names.find((n) => n.startsWith('photos/')) as string
    expect(Buffer.from(files[photoFile]).equals(PNG)).toBe(true)
    expect(JSON.parse(strFromU8(files['comments.json']))).toMatchObject([{ author: 'Eva', text: 'Likes <b>tea</b>' }])
    const activity = JSON.parse(strFromU8(files['activity.json']))
    expect(activity.map((a: { type: string }) => a.type)).toContain('submissionCreated')
    const html = strFromU8(files['overzicht.html'])
    expect(html).toContain('Likes &lt;b&gt;tea&lt;/b&gt;')
    expect(html).toContain(`src="${photoFile}"`)
    expect(html).not.toContain('<b>tea')
    // The customer's language in the summary, named in the organisation's language (Dutch).
    expect(html).toContain('<dt>Taal</dt><dd>Engels</dd>')

    const [event] = await app.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.event, 'customersSearch'), eq(auditEvents.customerId, anna.id)))
    expect(event.data).toMatchObject({ export: 'gdpr' })
  })

  it('needs the right, and another organisation (or a made-up id) is 404', async () => {
    expect(
      (
        await app.inject({
          url: apiUrl(API.customers.exportGdpr, { org: org.id, id: anna.id }),
          headers: nobody.headers,
        })
      ).statusCode,
    ).toBe(403)
    const cross = await app.inject({
      url: apiUrl(API.customers.exportGdpr, { org: other.id, id: anna.id }),
      headers: other.owner.headers,
    })
    expect(cross.statusCode).toBe(404)
    expect(
      (await app.inject({ url: apiUrl(API.customers.exportGdpr, { org: org.id, id: newId() }), headers: owner }))
        .statusCode,
    ).toBe(404)
  })
})
