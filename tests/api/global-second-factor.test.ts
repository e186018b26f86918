import { eq } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import { describe, expect, it } from 'vitest'
import { API } from '../../contract/endpoints'
import { hashPassword, sha256 } from '../../server/auth/passwords'
import { GLOBAL_SESSION_HOURS } from '../../server/auth/sessions'
import { globalAdminRecoveryCodes, globalAdmins, sessions } from '../../server/db/schema'
import { upsertGlobalAdmin } from '../../server/seed/global-admin'
import { resetGlobalAdminSecondFactor } from '../../server/services/auth/global'
import { buildTestApp, unique } from '../helpers/app'
import { bearer } from '../helpers/factories'
import { GLOBAL_ADMIN_PASSWORD, seedGlobalAdmin, totpNow } from '../helpers/global-admin'
import { freshIp } from '../helpers/signup'
import { apiUrl } from '../helpers/url'

// Issue 23: global admins sign in with a password and a second factor (TOTP, RFC 6238).
const app = await buildTestApp()

const post = (url: string, payload?: object, headers: Record<string, string> = {}, ip = freshIp()) =>
  app.inject({ method: 'POST', url, payload, headers, remoteAddress: ip })
const password = (email: string) => post(apiUrl(API.auth.globalLogin), { email, password: GLOBAL_ADMIN_PASSWORD })

async function newAdmin() {
  const id = uuidv7()
  const email = `${unique('ga-')}@example.test`
  await app.db
    .insert(globalAdmins)
    .values({ id, email, name: 'Gerda', passwordHash: await hashPassword(GLOBAL_ADMIN_PASSWORD) })
  return { id, email }
}

describe('setting up the second factor', () => {
  it('right after the password, nothing but the set-up works; a QR code and the secret, confirmed by a code', async () => {
    const { id, email } = await newAdmin()
    const step = (await password(email)).json()
    expect(step.step).toBe('setup')
    const headers = bearer(step.token)
    // Everything else answers that the set-up comes first.
    const other = await post(
      apiUrl(API.auth.impersonate),
      { employeeId: uuidv7(), reason: 'x'.repeat(12), code: '1' },
      headers,
    )
    expect(other.statusCode).toBe(403)
    expect(other.json()).toMatchObject({
      code: 'SECOND_FACTOR_SETUP_REQUIRED',
      message: 'Set up two-step verification first.',
    })
    expect((await post(apiUrl(API.auth.globalLoginCode), { code: '123456' }, headers)).json().code).toBe(
      'SECOND_FACTOR_SETUP_REQUIRED',
    )

    const setup = await post(apiUrl(API.auth.globalSecondFactorSetup), undefined, headers)
    expect(setup.statusCode).toBe(200)
    const { secret, uri, qrCode } = setup.json()
    expect(uri).toMatch(/^otpauth:\/\/totp\/Salon:/)
    expect(uri).toContain(`secret=${secret}`)
    expect(qrCode).toMatch(/^data:image\/png;base64,/)

    const wrong = await post(apiUrl(API.auth.globalSecondFactorConfirm), { code: '000000' }, headers)
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json().code).toBe('INVALID_SECOND_FACTOR_CODE')
    expect((await app.db.select().from(globalAdmins).where(eq(globalAdmins.id, id)))[0].totpSecret).toBeNull()

    const ok = await post(apiUrl(API.auth.globalSecondFactorConfirm), { code: totpNow(secret) }, headers)
    expect(ok.statusCode).toBe(200)
    const { session, recoveryCodes } = ok.json()
    expect(recoveryCodes).toHaveLength(10)
    expect(new Set(recoveryCodes).size).toBe(10)
    // Only hashes are kept.
    const stored = await app.db.select().from(globalAdminRecoveryCodes).where(eq(globalAdminRecoveryCodes.adminId, id))
    expect(stored.map((r) => r.codeHash).sort()).toEqual(
      recoveryCodes.map((c: string) => sha256(c.replace('-', ''))).sort(),
    )
    // The step's token ended; the session lasts 8 hours.
    expect((await post(apiUrl(API.auth.globalSecondFactorSetup), undefined, headers)).statusCode).toBe(401)
    const end = Date.parse(session.expiresAt)
    expect(end).toBeLessThanOrEqual(Date.now() + GLOBAL_SESSION_HOURS * 3600_000)
    expect(end).toBeGreaterThan(Date.now() + (GLOBAL_SESSION_HOURS - 1) * 3600_000)
    // A full session cannot set up again.
    expect((await post(apiUrl(API.auth.globalSecondFactorSetup), undefined, bearer(session.token))).statusCode).toBe(
      403,
    )
  })
})

describe('signing in with the code', () => {
  it('the password answers the code step; before the code nothing else works', async () => {
    const admin = await seedGlobalAdmin(app)
    const step = (await password(admin.email)).json()
    expect(step.step).toBe('code')
    const early = await post(apiUrl(API.auth.globalSecondFactorSetup), undefined, bearer(step.token))
    expect(early.json().code).toBe('SECOND_FACTOR_REQUIRED')
    const res = await post(apiUrl(API.auth.globalLoginCode), { code: await admin.code() }, bearer(step.token))
    expect(res.statusCode).toBe(200)
    expect(res.json().admin.id).toBe(admin.id)
  })

  it('a wrong code is refused, a code is never taken twice, a recovery code works once', async () => {
    const admin = await seedGlobalAdmin(app)
    const codeStep = async () => bearer((await password(admin.email)).json().token)
    expect((await post(apiUrl(API.auth.globalLoginCode), { code: '000000' }, await codeStep())).json().code).toBe(
      'INVALID_SECOND_FACTOR_CODE',
    )
    const code = await admin.code()
    expect((await post(apiUrl(API.auth.globalLoginCode), { code }, await codeStep())).statusCode).toBe(200)
    expect((await post(apiUrl(API.auth.globalLoginCode), { code }, await codeStep())).json().code).toBe(
      'INVALID_SECOND_FACTOR_CODE',
    )
    const [recovery] = admin.recoveryCodes
    expect((await post(apiUrl(API.auth.globalLoginCode), { code: recovery }, await codeStep())).statusCode).toBe(200)
    const replay = await post(apiUrl(API.auth.globalLoginCode), { code: recovery }, await codeStep())
    expect(replay.statusCode).toBe(400)
    expect(replay.json().code).toBe('INVALID_SECOND_FACTOR_CODE')
    // Bad input is a field error.
    const bad = await post(apiUrl(API.auth.globalLoginCode), { code: '12' }, await codeStep())
    expect(bad.statusCode).toBe(400)
    expect(bad.json().details.fields[0]).toMatchObject({ path: 'code', code: 'secondFactorCode' })
  })

  it('the code step is rate limited per admin: 5 tries in a window, then 429 from any IP', async () => {
    const admin = await seedGlobalAdmin(app)
    const statuses: number[] = []
    for (let i = 0; i < 6; i++) {
      const token = (await password(admin.email)).json().token
      statuses.push((await post(apiUrl(API.auth.globalLoginCode), { code: '000000' }, bearer(token))).statusCode)
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429])
  })

  it('the step token ends after 10 minutes', async () => {
    const admin = await seedGlobalAdmin(app)
    const step = (await password(admin.email)).json()
    expect(Date.parse(step.expiresAt)).toBeLessThanOrEqual(Date.now() + 10 * 60_000)
    await app.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, sha256(step.token)))
    expect(
      (await post(apiUrl(API.auth.globalLoginCode), { code: await admin.code() }, bearer(step.token))).statusCode,
    ).toBe(401)
  })
})

describe('a change to the account ends every session of the admin', () => {
  const stillIn = (headers: Record<string, string>) => post(apiUrl(API.auth.logout), undefined, headers)

  it('a new password', async () => {
    const admin = await seedGlobalAdmin(app)
    await upsertGlobalAdmin(app.db, { email: admin.email, password: 'Another-Pass1' })
    expect((await stillIn(admin.headers)).statusCode).toBe(401)
  })

  it('a reset of the second factor: the next sign-in sets it up again', async () => {
    const admin = await seedGlobalAdmin(app)
    await resetGlobalAdminSecondFactor(app.db, admin.id)
    expect((await stillIn(admin.headers)).statusCode).toBe(401)
    expect((await password(admin.email)).json().step).toBe('setup')
  })
})
