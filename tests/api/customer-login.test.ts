import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { customerActivities, customerLoginCodes, customers } from '../../server/db/schema'
import { buildTestApp } from '../helpers/app'
import { insertCustomer, lastMail } from '../helpers/auth'
import { seedOrganisation } from '../helpers/factories'
import { freshIp } from '../helpers/signup'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../helpers/url'

const app = await buildTestApp()

const request = (org: string, payload: object) =>
  app.inject({
    method: 'POST',
    url: apiUrl(API.auth.customerLoginRequest, { org }),
    payload,
    remoteAddress: freshIp(),
  })
const verify = (org: string, payload: object) =>
  app.inject({
    method: 'POST',
    url: apiUrl(API.auth.customerLoginVerify, { org }),
    payload,
    remoteAddress: freshIp(),
  })
const codeFrom = (text: string) => /: ([A-Z0-9]{6})\b/.exec(text)?.[1] ?? ''

async function orgWithCustomer() {
  const org = await seedOrganisation(app)
  const customer = await insertCustomer(app, { organisationId: org.id, salonIds: [org.salons[0].id] })
  return { org, customer }
}

async function requestCode(org: string, email: string, language?: 'nl' | 'en') {
  expect((await request(org, { email, language })).json()).toEqual({ ok: true })
  const mail = await lastMail(app, email)
  return { mail, code: codeFrom(mail?.text ?? '') }
}

describe('customer-login-request', () => {
  it('mails a 6-character code in the organisation’s invoice language (Dutch) and logs codeRequest', async () => {
    const { org, customer } = await orgWithCustomer()
    const { mail, code } = await requestCode(org.slug, customer.email)
    expect(code).toMatch(/^[A-Z0-9]{6}$/)
    expect(mail?.subject).toContain('inlogcode')
    const acts = await app.db.select().from(customerActivities).where(eq(customerActivities.customerId, customer.id))
    expect(acts.map((a) => a.type)).toEqual(['codeRequest'])
    const [row] = await app.db.select().from(customerLoginCodes).where(eq(customerLoginCodes.customerId, customer.id))
    expect(row.codeHash).not.toContain(code)
  })

  it('uses the language of the request when given', async () => {
    const { org, customer } = await orgWithCustomer()
    const { mail } = await requestCode(org.id, customer.email, 'en')
    expect(mail?.subject).toContain('Your login code')
  })

  it('answers ok for unknown and deleted customers without sending anything', async () => {
    const { org } = await orgWithCustomer()
    const gone = await insertCustomer(app, { organisationId: org.id, salonIds: [org.salons[0].id], deleted: true })
    expect((await request(org.slug, { email: 'nobody@example.test' })).json()).toEqual({ ok: true })
    expect((await request(org.slug, { email: gone.email })).json()).toEqual({ ok: true })
    expect(await lastMail(app, 'nobody@example.test')).toBeUndefined()
    expect(await lastMail(app, gone.email)).toBeUndefined()
  })

  it('validation: a malformed e-mail is 400; an unknown organisation is 404', async () => {
    const { org } = await orgWithCustomer()
    expect((await request(org.slug, { email: 'nope' })).statusCode).toBe(400)
    expect((await request('no-such-salon', { email: 'a@b.test' })).statusCode).toBe(404)
  })

  it('cross-tenant: a customer of organisation A gets no code at organisation B', async () => {
    const { customer } = await orgWithCustomer()
    const b = await seedOrganisation(app)
    expect((await request(b.slug, { email: customer.email })).json()).toEqual({ ok: true })
    expect(await lastMail(app, customer.email)).toBeUndefined()
  })
})

describe('customer-login-request/verify', () => {
  it('the right code signs the customer in once; reusing it fails', async () => {
    const { org, customer } = await orgWithCustomer()
    const { code } = await requestCode(org.slug, customer.email)
    const res = await verify(org.slug, { email: customer.email, code: code.toLowerCase() })
    expect(res.statusCode).toBe(200)
    const s = res.json()
    expect(s.customer).toMatchObject({ id: customer.id, email: customer.email, organisationId: org.id })
    expect(s.token).toBeTruthy()
    const again = await verify(org.slug, { email: customer.email, code })
    expect(again.statusCode).toBe(400)
    expect(again.json()).toEqual({ code: 'INVALID_LOGIN_CODE', message: 'Invalid login code: try again.' })
    const acts = await app.db.select().from(customerActivities).where(eq(customerActivities.customerId, customer.id))
    expect(acts.map((a) => a.type).sort()).toEqual(['codeRequest', 'failedLogin', 'login'])
  })

  it('a wrong code is refused; five wrong attempts burn the code', async () => {
    const { org, customer } = await orgWithCustomer()
    const { code } = await requestCode(org.slug, customer.email)
    const wrong = code === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA'
    for (let i = 0; i < 5; i++) {
      const res = await verify(org.slug, { email: customer.email, code: wrong })
      expect(res.json().code).toBe('INVALID_LOGIN_CODE')
    }
    expect((await verify(org.slug, { email: customer.email, code })).statusCode).toBe(400)
  })

  it('a new request invalidates the older code', async () => {
    const { org, customer } = await orgWithCustomer()
    const first = await requestCode(org.slug, customer.email)
    const second = await requestCode(org.slug, customer.email)
    if (first.code !== second.code)
      expect((await verify(org.slug, { email: customer.email, code: first.code })).statusCode).toBe(400)
    expect((await verify(org.slug, { email: customer.email, code: second.code })).statusCode).toBe(200)
  })

  it('an expired code is refused', async () => {
    const { org, customer } = await orgWithCustomer()
    const { code } = await requestCode(org.slug, customer.email)
    await app.db
      .update(customerLoginCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(customerLoginCodes.customerId, customer.id))
    expect((await verify(org.slug, { email: customer.email, code })).statusCode).toBe(400)
  })

  it('verify stores the language the customer signs in with when they have none; a chosen one stays', async () => {
    const { org, customer } = await orgWithCustomer()
    const first = await requestCode(org.slug, customer.email)
    expect((await verify(org.slug, { email: customer.email, code: first.code, language: 'en' })).statusCode).toBe(200)
    const [row] = await app.db.select().from(customers).where(eq(customers.id, customer.id))
    expect(row.language).toBe('en')
    // The code mail follows the stored language, even from a Dutch sign-in screen.
    const second = await requestCode(org.slug, customer.email, 'nl')
    expect(second.mail?.subject).toContain('Your login code')
    expect((await verify(org.slug, { email: customer.email, code: second.code, language: 'nl' })).statusCode).toBe(200)
    const [after] = await app.db.select().from(customers).where(eq(customers.id, customer.id))
    expect(after.language).toBe('en')
    expect(after.version).toBe(row.version)
  })

  it('verify refuses an unknown language (400) without signing in', async () => {
    const { org, customer } = await orgWithCustomer()
    const { code } = await requestCode(org.slug, customer.email)
    const res = await verify(org.slug, { email: customer.email, code, language: 'de' })
    expect(res.statusCode).toBe(400)
    expect(res.json().code).toBe('VALIDATION_FAILED')
    expect((await verify(org.slug, { email: customer.email, code })).statusCode).toBe(200)
  })

  it('validation: a code of the wrong length is 400 VALIDATION_FAILED', async () => {
    const { org, customer } = await orgWithCustomer()
    const res = await verify(org.slug, { email: customer.email, code: 'ABC' })
    expect(res.statusCode).toBe(400)
    expect(res.json().code).toBe('VALIDATION_FAILED')
  })

  it('cross-tenant: a code of organisation A does not work at organisation B', async () => {
    const { org, customer } = await orgWithCustomer()
    const b = await seedOrganisation(app)
    const { code } = await requestCode(org.slug, customer.email)
    expect((await verify(b.slug, { email: customer.email, code })).statusCode).toBe(400)
    expect((await verify(org.slug, { email: customer.email, code })).statusCode).toBe(200)
  })
})
