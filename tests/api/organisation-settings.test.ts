import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { and, eq } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { MSG } from '../../contract/messages'
import { createSession } from '../../server/auth/sessions'
import { auditEvents } from '../../server/db/schema'
import { buildTestApp } from '../helpers/app'
import { insertCustomer, lastMail } from '../helpers/auth'
import { bearer, seedEmployee, seedOrganisation, type SeededOrganisation } from '../helpers/factories'
import { freshIp } from '../helpers/signup'
import { newEmployee, team } from './employees-fixtures'
import { multipartForm } from '../helpers/multipart'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../helpers/url'

const dataDir = mkdtempSync(path.join(tmpdir(), 'org-settings-test-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))
const app = await buildTestApp({ dataDir })

const put = (org: SeededOrganisation, payload: object, headers = org.owner.headers) =>
  app.inject({ method: 'PUT', url: apiUrl(API.organisations.update, { org: org.id }), headers, payload })
const resetMailOf = async (email: string) => {
  const res = await app.inject({
    method: 'POST',
    url: apiUrl(API.auth.requestPasswordReset),
    payload: { email },
    remoteAddress: freshIp(),
  })
  expect(res.json()).toEqual({ ok: true })
  return lastMail(app, email)
}
const lookup = (slug: string) => app.inject({ url: apiUrl(API.organisations.findPublic, { slug }) })
const auditsOf = async (orgId: string) =>
  (
    await app.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.organisationId, orgId), eq(auditEvents.event, 'organisationUpdate')))
  ).map((e) => e.data as Record<string, unknown>)

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d4948445200000001000000010806000000', 'hex'),
])

const uploadLogo = (
  org: SeededOrganisation,
  bytes: Buffer,
  headers = org.owner.headers,
  name?: string,
  mime?: string,
) => {
  const f = multipartForm({ bytes, filename: name ?? 'logo.png', mime: mime ?? 'image/png' })
  return app.inject({
    method: 'PUT',
    url: apiUrl(API.organisations.uploadLogo, { org: org.id }),
    headers: { ...headers, ...f.headers },
    payload: f.payload,
  })
}

describe('PUT /organisations/{org}: every field with the spec’s message', () => {
  it('each required field, emptied, is refused at that field with its verbatim message; nothing changes', async () => {
    const org = await seedOrganisation(app)
    const res = await put(org, {
      legalName: ' ',
      companyName: '',
      slug: '',
      vatNumber: '',
      invoiceLanguage: '',
      country: '',
      addressLine1: '',
      postalCode: '',
      city: '',
      contactPerson: '',
    })
    expect(res.statusCode).toBe(400)
    const byPath = Object.fromEntries(
      (res.json().details.fields as { path: string; code: string; message: string }[]).map((f) => [f.path, f]),
    )
    const expected: Record<string, keyof typeof MSG> = {
      legalName: 'legalName',
      companyName: 'companyName',
      slug: 'slug',
      vatNumber: 'vat',
      invoiceLanguage: 'invoiceLanguage',
      country: 'country',
      addressLine1: 'address1',
      postalCode: 'postalCode',
      city: 'city',
      contactPerson: 'contactPerson',
    }
    for (const [field, key] of Object.entries(expected))
      expect(byPath[field], field).toMatchObject({ code: key, message: MSG[key] })
    expect(MSG.vat).toBe('VAT Number is required.')
    expect(MSG.postalCode).toBe('Postal code required.')
    // An invoice language that is not one of ours says the same as an empty one.
    const bad = await put(org, { invoiceLanguage: 'de' })
    expect(bad.json().details.fields[0]).toMatchObject({ path: 'invoiceLanguage', code: 'invoiceLanguage' })
    // A malformed web address says how to write it.
    const slug = await put(org, { slug: 'Bad Slug!' })
    expect(slug.json().details.fields[0]).toMatchObject({ path: 'slug', code: 'slugFormat' })
    expect((await lookup(org.slug)).json().companyName).toBe(org.companyName)
    expect(await auditsOf(org.id)).toEqual([])
  })

  it('address line 2 is optional; the audit names only the fields that changed, and an unchanged save writes nothing', async () => {
    const org = await seedOrganisation(app)
    const get = await app.inject({ url: apiUrl(API.organisations.get, { org: org.id }), headers: org.owner.headers })
    const { id: _id, createdAt: _c, logoUrl: _l, ...all } = get.json()
    const same = await put(org, all)
    expect(same.statusCode).toBe(200)
    expect(await auditsOf(org.id)).toEqual([])
    const res = await put(org, { ...all, addressLine2: 'Tweede etage', city: 'Leiden' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ addressLine2: 'Tweede etage', city: 'Leiden', slug: org.slug })
    expect(await auditsOf(org.id)).toEqual([{ fields: ['addressLine2', 'city'] }])
    // A field left out stays as it is (address line 2 too: no default fills it in on update).
    expect((await put(org, { city: 'Delft' })).json()).toMatchObject({ city: 'Delft', addressLine2: 'Tweede etage' })
    expect((await put(org, { addressLine2: '' })).json().addressLine2).toBe('')
  })
})

describe('web address change: old links keep working', () => {
  it('the old slug still finds the organisation and the lookup answers the new one; the audit says from and to', async () => {
    const org = await seedOrganisation(app)
    const next = `${org.slug}-nieuw`
    const res = await put(org, { slug: next })
    expect(res.statusCode).toBe(200)
    expect(res.json().slug).toBe(next)
    for (const s of [org.slug, next, org.slug.toUpperCase()]) {
      const found = await lookup(s)
      expect(found.statusCode).toBe(200)
      expect(found.json()).toMatchObject({ id: org.id, slug: next })
    }
    expect(await auditsOf(org.id)).toEqual([{ fields: ['slug'], slug: { from: org.slug, to: next } }])
    // Staff sign-in and customer codes by the old address still reach the organisation.
    const customer = await insertCustomer(app, { organisationId: org.id, salonIds: [org.salons[0].id] })
    const code = await app.inject({
      method: 'POST',
      url: apiUrl(API.auth.customerLoginRequest, { org: org.slug }),
      payload: { email: customer.email },
    })
    expect(code.statusCode).toBe(200)
    expect((await lastMail(app, customer.email))?.subject).toContain(org.companyName)
  })

  it('a new slug must be free among current AND earlier slugs of every other organisation', async () => {
    const a = await seedOrganisation(app)
    const b = await seedOrganisation(app)
    const aOld = a.slug
    expect((await put(a, { slug: `${aOld}-x` })).statusCode).toBe(200)
    // b may not take a's earlier address (its old links lead to a) …
    const taken = await put(b, { slug: aOld })
    expect(taken.statusCode).toBe(409)
    expect(taken.json()).toMatchObject({ code: 'SLUG_TAKEN', message: 'Web address is already in use.' })
    // … nor a's current one, nor a reserved path.
    expect((await put(b, { slug: `${aOld}-x` })).json().code).toBe('SLUG_TAKEN')
    expect((await put(b, { slug: 'admin' })).json().code).toBe('SLUG_TAKEN')
    // The public availability check agrees, and so does sign-up.
    const challenge = await app.inject({ url: apiUrl(API.organisations.challenge, { slug: aOld }) })
    expect(challenge.json().slugAvailable).toBe(false)
    // a takes its own earlier address back: allowed; the one it leaves becomes an earlier one.
    const back = await put(a, { slug: aOld })
    expect(back.statusCode).toBe(200)
    expect((await lookup(`${aOld}-x`)).json()).toMatchObject({ id: a.id, slug: aOld })
    expect((await put(b, { slug: `${aOld}-x` })).json().code).toBe('SLUG_TAKEN')
  })

  it('two organisations saving the same new slug at once: one wins, the other gets SLUG_TAKEN', async () => {
    const a = await seedOrganisation(app)
    const b = await seedOrganisation(app)
    const wanted = `${a.slug}-samen`
    const codes = (await Promise.all([put(a, { slug: wanted }), put(b, { slug: wanted })]))
      .map((r) => r.statusCode)
      .sort()
    expect(codes).toEqual([200, 409])
  })

  it('company name: another organisation’s (any case) is refused with the spec’s message; its own is fine', async () => {
    const a = await seedOrganisation(app)
    const b = await seedOrganisation(app)
    const res = await put(a, { companyName: b.companyName.toUpperCase() })
    expect(res.statusCode).toBe(409)
    expect(res.json()).toMatchObject({ code: 'COMPANY_NAME_TAKEN', message: 'This company name is already in use.' })
    expect((await put(a, { companyName: a.companyName.toLowerCase() })).statusCode).toBe(200)
  })
})

describe('logo', () => {
  it('upload: stored by content, public (no cookie), in the lookup, customer settings and the login-code mail; audited without bytes', async () => {
    const org = await seedOrganisation(app)
    const res = await uploadLogo(org, PNG, org.owner.headers, 'logo.txt', 'text/plain')
    expect(res.statusCode).toBe(200)
    const { logoUrl } = res.json()
    expect(logoUrl).toMatch(new RegExp(`^/storage/${org.id}/logo/[0-9a-f-]{36}\\.png$`))
    expect(readFileSync(path.join(dataDir, logoUrl.replace('/storage/', 'storage/'))).equals(PNG)).toBe(true)
    // A logo is not secret: served without any session, cacheable.
    const served = await app.inject({ url: logoUrl })
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toBe('image/png')
    expect(served.headers['cache-control']).toContain('public')
    // The organisation's other files still need its cookie.
    expect((await app.inject({ url: logoUrl.replace('/logo/', '/images/') })).statusCode).toBe(404)
    expect((await lookup(org.slug)).json().logoUrl).toBe(logoUrl)
    const settings = await app.inject({
      url: apiUrl(API.organisations.customerSettings, { org: org.id }),
      headers: org.owner.headers,
    })
    expect(settings.json().logoUrl).toBe(logoUrl)
    const audits = await auditsOf(org.id)
    expect(audits).toEqual([{ fields: ['logo'], logo: 'added' }])
    expect(JSON.stringify(audits)).not.toContain('PNG')

    const customer = await insertCustomer(app, { organisationId: org.id, salonIds: [org.salons[0].id] })
    await app.inject({
      method: 'POST',
      url: apiUrl(API.auth.customerLoginRequest, { org: org.slug }),
      payload: { email: customer.email },
    })
    const mail = await lastMail(app, customer.email)
    expect(mail?.html).toContain(`<img src="${app.config.publicUrl}${logoUrl}" alt="${org.companyName}"`)
  })

  it('staff mails carry it too: the invitation of a new colleague and a password reset', async () => {
    const org = await seedOrganisation(app)
    const plainReset = await resetMailOf(org.owner.email)
    // Without a logo the salon's name heads the mail, never the word "Salon".
    expect(plainReset?.html).toContain(`>${org.companyName}</span>`)
    expect(plainReset?.html).not.toContain('<img')

    const { logoUrl } = (await uploadLogo(org, PNG)).json()
    const img = `<img src="${app.config.publicUrl}${logoUrl}" alt="${org.companyName}"`
    expect((await resetMailOf(org.owner.email))?.html).toContain(img)

    const api = team(app)
    const role = await api.role(org.id, ['readCustomers'], org.owner.headers)
    const invited = newEmployee([{ salonId: org.salons[0].id, roleId: role }], { language: 'en' })
    expect((await api.create(org.id, invited, org.owner.headers)).statusCode).toBe(201)
    const { mail } = await api.invitation(invited.email)
    expect(mail?.html).toContain(img)
    expect(mail?.subject).toBe(`You are invited to ${org.companyName}`)
  })

  it('refuses a file that is not an image (whatever its name) and one over 5 MB; the logo stays', async () => {
    const org = await seedOrganisation(app)
    const script = await uploadLogo(org, Buffer.from('<svg onload="alert(1)"/>'), org.owner.headers, 'x.png')
    expect(script.statusCode).toBe(400)
    expect(script.json().details.fields[0]).toMatchObject({ path: 'file', code: 'upload.imageType' })
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)])
    const tooBig = await uploadLogo(org, big)
    expect(tooBig.statusCode).toBe(400)
    expect(tooBig.json().details.fields[0]).toMatchObject({ path: 'file', code: 'upload.imageSize' })
    const empty = await app.inject({
      method: 'PUT',
      url: apiUrl(API.organisations.uploadLogo, { org: org.id }),
      headers: org.owner.headers,
    })
    expect(empty.statusCode).toBe(400)
    expect((await lookup(org.slug)).json().logoUrl).toBeNull()
    expect(await auditsOf(org.id)).toEqual([])
  })

  it('replace and remove: each audited; removing twice changes nothing more; the mail shows the name again', async () => {
    const org = await seedOrganisation(app)
    const first = (await uploadLogo(org, PNG)).json().logoUrl
    const second = (await uploadLogo(org, PNG)).json().logoUrl
    expect(second).not.toBe(first)
    const removed = await app.inject({
      method: 'DELETE',
      url: apiUrl(API.organisations.removeLogo, { org: org.id }),
      headers: org.owner.headers,
    })
    expect(removed.statusCode).toBe(200)
    expect(removed.json().logoUrl).toBeNull()
    await app.inject({
      method: 'DELETE',
      url: apiUrl(API.organisations.removeLogo, { org: org.id }),
      headers: org.owner.headers,
    })
    expect(await auditsOf(org.id)).toEqual([
      { fields: ['logo'], logo: 'added' },
      { fields: ['logo'], logo: 'replaced' },
      { fields: ['logo'], logo: 'removed' },
    ])
    const customer = await insertCustomer(app, { organisationId: org.id, salonIds: [org.salons[0].id] })
    await app.inject({
      method: 'POST',
      url: apiUrl(API.auth.customerLoginRequest, { org: org.id }),
      payload: { email: customer.email },
    })
    const mail = await lastMail(app, customer.email)
    expect(mail?.html).not.toContain('<img')
    expect(mail?.html).toContain(org.companyName)
  })

  it('only ownOrganisation: others 403 (their file is not stored), another organisation 404, no session 401', async () => {
    const org = await seedOrganisation(app)
    const other = await seedOrganisation(app)
    const clerk = await seedEmployee(app, {
      organisationId: org.id,
      salonIds: [org.salons[0].id],
      permissions: ['readCustomers', 'manageCustomers', 'manageSalons'],
    })
    expect((await uploadLogo(org, PNG, clerk.headers)).statusCode).toBe(403)
    expect((await uploadLogo(org, PNG, other.owner.headers)).statusCode).toBe(404)
    expect((await uploadLogo(org, PNG, {})).statusCode).toBe(401)
    const del = (headers: Record<string, string>) =>
      app.inject({ method: 'DELETE', url: apiUrl(API.organisations.removeLogo, { org: org.id }), headers })
    expect((await del(clerk.headers)).statusCode).toBe(403)
    expect((await del(other.owner.headers)).statusCode).toBe(404)
    expect((await lookup(org.slug)).json().logoUrl).toBeNull()
    // A customer of the organisation may read its settings but not change its logo.
    const customer = await insertCustomer(app, { organisationId: org.id, salonIds: [org.salons[0].id] })
    const session = await createSession(app.db, {
      kind: 'customer',
      subjectId: customer.id,
      organisationId: org.id,
      ttlHours: 1,
    })
    expect((await uploadLogo(org, PNG, bearer(session.token))).statusCode).toBe(403)
    expect((await lookup(org.slug)).json().logoUrl).toBeNull()
  })
})
