import { describe, expect, it } from 'vitest'
import { buildTestApp } from '../helpers/app'
import { insertCustomer } from '../helpers/auth'
import { seedOrganisation } from '../helpers/factories'
import { freshIp } from '../helpers/signup'

const app = await buildTestApp()

const post = (url: string, payload: object, remoteAddress: string) =>
  app.inject({ method: 'POST', url: `/api${url}`, payload, remoteAddress })

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
      post('/authentication/login', { email: `n${i}@example.test`, password: 'Wrong-pass1' }, ip),
    )
    expect(codes.every((c) => c === 401)).toBe(true)
    const res = await post('/authentication/login', { email: 'last@example.test', password: 'Wrong-pass1' }, ip)
    expect(res.statusCode).toBe(429)
    expect(res.json()).toEqual({ code: 'TOO_MANY_REQUESTS', message: 'Too many requests, please try again later.' })
  })

  it('employee login: 10 per account from any number of IPs, then 429 even with the right password', async () => {
    const org = await seedOrganisation(app)
    const url = `/organisations/${org.id}/authentication/login`
    // /admin and /{slug}/admin share one budget per account.
    const codes = await burst(10, (i) =>
      post(i % 2 ? url : '/authentication/login', { email: org.owner.email, password: 'Wrong-pass1' }, freshIp()),
    )
    expect(codes.every((c) => c === 401)).toBe(true)
    expect((await post(url, { email: org.owner.email, password: 'Password1' }, freshIp())).statusCode).toBe(429)
    // Another account is not affected.
    expect((await post(url, { email: 'other@example.test', password: 'x' }, freshIp())).statusCode).toBe(401)
  })

  it('customer code request: 5 per e-mail, then 429', async () => {
    const org = await seedOrganisation(app)
    const c = await insertCustomer(app, { organisationId: org.id, salonIds: [org.salons[0].id] })
    const url = `/organisations/${org.slug}/authentication/customer-login-request`
    const codes = await burst(6, () => post(url, { email: c.email }, freshIp()))
    expect(codes).toEqual([200, 200, 200, 200, 200, 429])
  })

  it('customer code request: 20 per IP, then 429', async () => {
    const org = await seedOrganisation(app)
    const ip = freshIp()
    const url = `/organisations/${org.slug}/authentication/customer-login-request`
    const codes = await burst(21, (i) => post(url, { email: `p${i}@example.test` }, ip))
    expect(codes.slice(0, 20).every((c) => c === 200)).toBe(true)
    expect(codes[20]).toBe(429)
  })

  it('customer code verify: 10 per e-mail, then 429', async () => {
    const org = await seedOrganisation(app)
    const url = `/organisations/${org.slug}/authentication/customer-login-request/verify`
    const codes = await burst(11, () => post(url, { email: 'v@example.test', code: 'AAAAAA' }, freshIp()))
    expect(codes.slice(0, 10).every((c) => c === 400)).toBe(true)
    expect(codes[10]).toBe(429)
  })

  it('password reset request: 3 per e-mail, then 429', async () => {
    const codes = await burst(4, () =>
      post('/authentication/request-password-reset', { email: 'r@example.test' }, freshIp()),
    )
    expect(codes).toEqual([200, 200, 200, 429])
  })

  it('password reset: 10 per IP, then 429', async () => {
    const ip = freshIp()
    const codes = await burst(11, () =>
      post('/authentication/password-reset', { token: 'x'.repeat(43), password: 'Strong-123' }, ip),
    )
    expect(codes.slice(0, 10).every((c) => c === 400)).toBe(true)
    expect(codes[10]).toBe(429)
  })

  it('global admin login: 5 per account, then 429', async () => {
    const codes = await burst(6, () =>
      post('/global/authentication/login', { email: 'g@example.test', password: 'Wrong-pass1' }, freshIp()),
    )
    expect(codes).toEqual([401, 401, 401, 401, 401, 429])
  })
})
