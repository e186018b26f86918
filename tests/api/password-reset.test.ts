import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { auditEvents, employees, passwordResets } from '../../server/db/schema'
import { buildTestApp } from '../helpers/app'
import { lastMail } from '../helpers/auth'
import { seedOrganisation, TEST_PASSWORD } from '../helpers/factories'
import { freshIp } from '../helpers/signup'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../helpers/url'

const app = await buildTestApp({ publicUrl: 'https://salon.example' })

const post = (url: string, payload: object) => app.inject({ method: 'POST', url, payload, remoteAddress: freshIp() })
const tokenFrom = (text: string) => /reset-password\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? ''

/** Asks a reset for `email`, at /admin or (with `org`) at the organisation's address. */
async function requestReset(email: string, org?: string) {
  const url = org ? apiUrl(API.auth.requestPasswordResetInOrganisation, { org }) : apiUrl(API.auth.requestPasswordReset)
  const res = await post(url, { email })
  expect(res.json()).toEqual({ ok: true })
  const mail = await lastMail(app, email)
  return { mail, token: tokenFrom(mail?.text ?? '') }
}

describe('request-password-reset', () => {
  it('mails a reset link with PUBLIC_URL in the employee’s language and audits the request', async () => {
    const org = await seedOrganisation(app)
    const { mail, token } = await requestReset(org.owner.email)
    expect(mail?.text).toContain('https://salon.example/admin/reset-password?token=')
    expect(mail?.subject).toBe('Set a new password') // seedEmployee makes English employees
    expect(token.length).toBeGreaterThan(20)
    const [row] = await app.db.select().from(passwordResets).where(eq(passwordResets.employeeId, org.owner.id))
    expect(row.tokenHash).not.toBe(token)
    const events = await app.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.organisationId, org.id), eq(auditEvents.event, 'passwordResetRequest')))
    expect(events).toHaveLength(1)
  })

  it('Dutch employees get a Dutch mail', async () => {
    const org = await seedOrganisation(app)
    await app.db.update(employees).set({ language: 'nl' }).where(eq(employees.id, org.owner.id))
    const { mail } = await requestReset(org.owner.email, org.slug)
    expect(mail?.subject).toBe('Stel een nieuw wachtwoord in')
  })

  it('answers ok for unknown e-mails and sends nothing; validation 400 on a bad e-mail', async () => {
    expect((await post(apiUrl(API.auth.requestPasswordReset), { email: 'ghost@example.test' })).json()).toEqual({
      ok: true,
    })
    expect(await lastMail(app, 'ghost@example.test')).toBeUndefined()
    expect((await post(apiUrl(API.auth.requestPasswordReset), { email: 'ghost' })).statusCode).toBe(400)
  })

  it('cross-tenant: asking at another organisation sends nothing', async () => {
    const a = await seedOrganisation(app)
    const b = await seedOrganisation(app)
    await post(apiUrl(API.auth.requestPasswordResetInOrganisation, { org: b.id }), { email: a.owner.email })
    expect(await lastMail(app, a.owner.email)).toBeUndefined()
  })
})

describe('password-reset', () => {
  it('sets the new password, ends all sessions, and the token works once', async () => {
    const org = await seedOrganisation(app)
    const { token } = await requestReset(org.owner.email)
    const res = await post(apiUrl(API.auth.passwordReset), { token, password: 'Nieuw-Wachtwoord9' })
    expect(res.json()).toEqual({ ok: true })
    const me = await app.inject({ url: apiUrl(API.employees.me, { org: org.id }), headers: org.owner.headers })
    expect(me.statusCode).toBe(401)
    expect((await post(apiUrl(API.auth.login), { email: org.owner.email, password: TEST_PASSWORD })).statusCode).toBe(
      401,
    )
    expect(
      (await post(apiUrl(API.auth.login), { email: org.owner.email, password: 'Nieuw-Wachtwoord9' })).statusCode,
    ).toBe(200)
    const again = await post(apiUrl(API.auth.passwordReset), { token, password: 'Another-One9' })
    expect(again.statusCode).toBe(400)
    expect(again.json().code).toBe('INVALID_RESET_TOKEN')
    const events = await app.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.organisationId, org.id), eq(auditEvents.event, 'successfulPasswordReset')))
    expect(events).toHaveLength(1)
  })

  it('an expired token or an older token after a new request is refused', async () => {
    const org = await seedOrganisation(app)
    const first = await requestReset(org.owner.email)
    const second = await requestReset(org.owner.email)
    expect(
      (await post(apiUrl(API.auth.passwordReset), { token: first.token, password: 'Nieuw-1234' })).statusCode,
    ).toBe(400)
    await app.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.employeeId, org.owner.id))
    expect(
      (await post(apiUrl(API.auth.passwordReset), { token: second.token, password: 'Nieuw-1234' })).statusCode,
    ).toBe(400)
  })

  it('validation: a weak password is 400 and the token stays usable', async () => {
    const org = await seedOrganisation(app)
    const { token } = await requestReset(org.owner.email)
    const weak = await post(apiUrl(API.auth.passwordResetInOrganisation, { org: org.id }), { token, password: 'weak' })
    expect(weak.statusCode).toBe(400)
    expect(weak.json().code).toBe('VALIDATION_FAILED')
    const ok = await post(apiUrl(API.auth.passwordResetInOrganisation, { org: org.id }), {
      token,
      password: 'Strong-123',
    })
    expect(ok.statusCode).toBe(200)
  })

  it('cross-tenant: a token cannot be used through another organisation', async () => {
    const a = await seedOrganisation(app)
    const b = await seedOrganisation(app)
    const { token } = await requestReset(a.owner.email)
    const res = await post(apiUrl(API.auth.passwordResetInOrganisation, { org: b.slug }), {
      token,
      password: 'Strong-123',
    })
    expect(res.statusCode).toBe(400)
    // Refused without being spent: it still works where it belongs.
    const ok = await post(apiUrl(API.auth.passwordResetInOrganisation, { org: a.slug }), {
      token,
      password: 'Strong-123',
    })
    expect(ok.statusCode).toBe(200)
  })
})
