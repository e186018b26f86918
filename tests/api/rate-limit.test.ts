import { describe, expect, it } from 'vitest'
import { v7 as uuidv7 } from 'uuid'
import { hashPassword } from '../../server/auth/passwords'
import { globalAdmins } from '../../server/db/schema'
import { buildTestApp, unique } from '../helpers/app'
import { insertCustomer } from '../helpers/auth'
import { seedOrganisation } from '../helpers/factories'
import { freshIp } from '../helpers/signup'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../helpers/url'

const app = await buildTestApp()

const post = (url: string, payload: object, remoteAddress: string) =>
  app.inject({ method: 'POST', url, payload, remoteAddress })

/** Sends `n` calls and returns the status codes. */
async function burst(n: number, call: (i: number) => Promise<{ statusCode: number }>) {
  const codes: number[] = []
  for (let i = 0; i < n; i++) codes.push((await call(i)).statusCode)
  return codes
}

describe('rate limits (429 TOO_MANY_REQUESTS)', () => {
  it('employee login: 30 per IP per 15 minutes, then 429 with the catalogue body', async () => {
    const ip = freshIp()
    const codes = await burst(30, (i) =>
      post(apiUrl(API.auth.login), { email: `n${i}@example.test`, password: 'Wrong-pass1' }, ip),
    )
    expect(codes.every((c) => c === 401)).toBe(true)
    const res = await post(apiUrl(API.auth.login), { email: 'last@example.test', password: 'Wrong-pass1' }, ip)
    expect(res.statusCode).toBe(429)
    expect(res.json()).toEqual({ code: 'TOO_MANY_REQUESTS', message: 'Too many requests, please try again later.' })
  })

  // Issue 7 #11 (OWASP): no one who merely knows an e-mail can lock its owner out.
  it('employee login: 10 wrong passwords lock that IP out of the account, not the employee elsewhere', async () => {
    const org = await seedOrganisation(app)
    const url = apiUrl(API.auth.loginInOrganisation, { org: org.id })
    const ip = freshIp()
    // /admin and /{slug}/admin share one budget per account and IP.
    const codes = await burst(10, (i) =>
      post(i % 2 ? url : apiUrl(API.auth.login), { email: org.owner.email, password: 'Wrong-pass1' }, ip),
    )
    expect(codes.every((c) => c === 401)).toBe(true)
    expect((await post(url, { email: org.owner.email, password: 'Password1' }, ip)).statusCode).toBe(429)
    // The employee, anywhere else, signs in.
    expect((await post(url, { email: org.owner.email, password: 'Password1' }, freshIp())).statusCode).toBe(200)
  })

  it('employee login: a flood from many IPs shuts out unknown devices only; a device that signed in before still signs in', async () => {
    const org = await seedOrganisation(app)
    const url = apiUrl(API.auth.loginInOrganisation, { org: org.id })
    const good = { email: org.owner.email, password: 'Password1' }
    // The owner's tablet signed in before and keeps its device cookie.
    const first = await post(url, good, freshIp())
    expect(first.statusCode).toBe(200)
    const device = first.cookies.find((c) => c.name === 'device_trust')
    expect(device).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/' })
    // An attacker sprays wrong passwords from 19 IPs (the tablet's first sign-in made 20 tries)…
    const codes = await burst(19, () => post(url, { ...good, password: 'Wrong-pass1' }, freshIp()))
    expect(codes.every((c) => c === 401)).toBe(true)
    // …unknown devices are shut out for the window, even with the right password…
    expect((await post(url, good, freshIp())).statusCode).toBe(429)
    // …and a made-up or another account's cookie does not pass for a known device…
    const other = await seedOrganisation(app)
    const otherLogin = await post(
      apiUrl(API.auth.loginInOrganisation, { org: other.id }),
      { email: other.owner.email, password: 'Password1' },
      freshIp(),
    )
    const otherCookie = otherLogin.cookies.find((c) => c.name === 'device_trust')?.value ?? ''
    for (const fake of [otherCookie, `${org.owner.id}.abc.def`]) {
      const res = await app.inject({
        method: 'POST',
        url,
        payload: good,
        remoteAddress: freshIp(),
        cookies: { device_trust: fake },
      })
      expect(res.statusCode).toBe(429)
    }
    // …but the owner's own tablet signs in, from wherever it is.
    const res = await app.inject({
      method: 'POST',
      url,
      payload: good,
      remoteAddress: freshIp(),
      cookies: { device_trust: device?.value ?? '' },
    })
    expect(res.statusCode).toBe(200)
  })

  it('employee login: a known device has its own budget (a stolen cookie does not give unlimited guesses)', async () => {
    const org = await seedOrganisation(app)
    const url = apiUrl(API.auth.loginInOrganisation, { org: org.id })
    const first = await post(
      apiUrl(API.auth.loginInOrganisation, { org: org.id }),
      { email: org.owner.email, password: 'Password1' },
      freshIp(),
    )
    const cookies = { device_trust: first.cookies.find((c) => c.name === 'device_trust')?.value ?? '' }
    const codes = await burst(11, () =>
      app.inject({
        method: 'POST',
        url,
        payload: { email: org.owner.email, password: 'Wrong-pass1' },
        remoteAddress: freshIp(),
        cookies,
      }),
    )
    expect(codes.slice(0, 9).every((c) => c === 401)).toBe(true)
    expect(codes[10]).toBe(429)
  })

  it('customer code request: 5 per e-mail from one IP; the customer elsewhere still gets a code; 20 per e-mail in all', async () => {
    const org = await seedOrganisation(app)
    const c = await insertCustomer(app, { organisationId: org.id, salonIds: [org.salons[0].id] })
    const url = apiUrl(API.auth.customerLoginRequest, { org: org.slug })
    const ip = freshIp()
    expect(await burst(6, () => post(url, { email: c.email }, ip))).toEqual([200, 200, 200, 200, 200, 429])
    const spread = await burst(15, () => post(url, { email: c.email }, freshIp()))
    expect(spread.every((x) => x === 200)).toBe(true)
    // The mailbox guard: 20 codes per e-mail per window, whoever asks.
    expect((await post(url, { email: c.email }, freshIp())).statusCode).toBe(429)
  })

  it('customer code request: 20 per IP, then 429', async () => {
    const org = await seedOrganisation(app)
    const ip = freshIp()
    const url = apiUrl(API.auth.customerLoginRequest, { org: org.slug })
    const codes = await burst(21, (i) => post(url, { email: `p${i}@example.test` }, ip))
    expect(codes.slice(0, 20).every((c) => c === 200)).toBe(true)
    expect(codes[20]).toBe(429)
  })

  it('customer code verify: 10 per e-mail from one IP, then 429 there only (codes burn after 5 misses)', async () => {
    const org = await seedOrganisation(app)
    const url = apiUrl(API.auth.customerLoginVerify, { org: org.slug })
    const ip = freshIp()
    const codes = await burst(11, () => post(url, { email: 'v@example.test', code: 'AAAAAA' }, ip))
    expect(codes.slice(0, 10).every((c) => c === 400)).toBe(true)
    expect(codes[10]).toBe(429)
    expect((await post(url, { email: 'v@example.test', code: 'AAAAAA' }, freshIp())).statusCode).toBe(400)
  })

  it('password reset request: 3 per e-mail from one IP, 10 per e-mail in all', async () => {
    const ip = freshIp()
    const codes = await burst(4, () => post(apiUrl(API.auth.requestPasswordReset), { email: 'r@example.test' }, ip))
    expect(codes).toEqual([200, 200, 200, 429])
    const spread = await burst(8, () =>
      post(apiUrl(API.auth.requestPasswordReset), { email: 'r@example.test' }, freshIp()),
    )
    expect(spread).toEqual([200, 200, 200, 200, 200, 200, 200, 429])
  })

  it('password reset: 10 per IP, then 429', async () => {
    const ip = freshIp()
    const codes = await burst(11, () =>
      post(apiUrl(API.auth.passwordReset), { token: 'x'.repeat(43), password: 'Strong-123' }, ip),
    )
    expect(codes.slice(0, 10).every((c) => c === 400)).toBe(true)
    expect(codes[10]).toBe(429)
  })

  it('global admin login: 5 per account and IP, 10 for unknown devices together; a known device still signs in', async () => {
    const email = `${unique('ga-')}@example.test`
    await app.db
      .insert(globalAdmins)
      .values({ id: uuidv7(), email, name: 'Gerda', passwordHash: await hashPassword('Global-Admin1') })
    const url = apiUrl(API.auth.globalLogin)
    const first = await post(url, { email, password: 'Global-Admin1' }, freshIp())
    expect(first.statusCode).toBe(200)
    const cookies = { device_trust: first.cookies.find((c) => c.name === 'device_trust')?.value ?? '' }
    const ip = freshIp()
    expect(await burst(6, () => post(url, { email, password: 'Wrong-pass1' }, ip))).toEqual([
      401, 401, 401, 401, 401, 429,
    ])
    const spread = await burst(5, () => post(url, { email, password: 'Wrong-pass1' }, freshIp()))
    expect(spread).toEqual([401, 401, 401, 401, 429])
    expect((await post(url, { email, password: 'Global-Admin1' }, freshIp())).statusCode).toBe(429)
    const known = await app.inject({
      method: 'POST',
      url,
      payload: { email, password: 'Global-Admin1' },
      remoteAddress: freshIp(),
      cookies,
    })
    expect(known.statusCode).toBe(200)
  })
})
