import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import { afterAll, describe, expect, it } from 'vitest'
import { API } from '../../contract/endpoints'
import { keyIdOf } from '../../server/auth/secret-box'
import { globalAdmins } from '../../server/db/schema'
import { resealSecrets } from '../../server/services/auth/second-factor'
import { hashPassword } from '../../server/auth/passwords'
import { buildTestApp, unique } from '../helpers/app'
import { createTestDatabase } from '../helpers/db'
import { bearer, seedOrganisation } from '../helpers/factories'
import { GLOBAL_ADMIN_PASSWORD, seedGlobalAdmin, totpNow } from '../helpers/global-admin'
import { freshIp } from '../helpers/signup'
import { apiUrl } from '../helpers/url'

/*
 * A global admin's TOTP secret is stored sealed under SECRETS_KEY (server/auth/secret-box.ts): a
 * copy of the database does not hand out second factors. Sign-in, set-up and the impersonation's
 * step-up read it through the key; secrets stored before a key was set, or under the previous
 * key, are sealed with the current one at start (resealSecrets, run by server/main.ts).
 */

const oldKey = randomBytes(32)
const newKey = randomBytes(32)
// One database, instances with different keys on it (each closed by buildTestApp, the database last).
const database = await createTestDatabase()
afterAll(() => database.close())
const app = await buildTestApp({ secretsKeys: [oldKey] }, { database })

const stored = async (id: string) =>
  (await app.db.select().from(globalAdmins).where(eq(globalAdmins.id, id)))[0] as typeof globalAdmins.$inferSelect

/** A sign-in with password and a fresh code, on `on` (another instance's config, say). */
async function signIn(email: string, code: string, on = app) {
  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    on.inject({ method: 'POST', url, payload, headers, remoteAddress: freshIp() })
  const step = (await post(apiUrl(API.auth.globalLogin), { email, password: GLOBAL_ADMIN_PASSWORD })).json()
  return post(apiUrl(API.auth.globalLoginCode), { code }, bearer(step.token))
}

describe('second-factor secrets sealed with SECRETS_KEY', () => {
  it('set-up stores the secret sealed (pending and confirmed); sign-in and impersonation read it through the key', async () => {
    // Half-way through a set-up: the pending secret is sealed too.
    const newcomer = { id: uuidv7(), email: `${unique('ga-')}@example.test` }
    await app.db
      .insert(globalAdmins)
      .values({ ...newcomer, name: 'Nina', passwordHash: await hashPassword(GLOBAL_ADMIN_PASSWORD) })
    const step = (
      await app.inject({
        method: 'POST',
        url: apiUrl(API.auth.globalLogin),
        payload: { email: newcomer.email, password: GLOBAL_ADMIN_PASSWORD },
        remoteAddress: freshIp(),
      })
    ).json()
    const setup = (
      await app.inject({ method: 'POST', url: apiUrl(API.auth.globalSecondFactorSetup), headers: bearer(step.token) })
    ).json()
    const pending = (await stored(newcomer.id)).totpPendingSecret
    expect(pending).toMatch(new RegExp(`^sealed:v1:${keyIdOf(oldKey)}:`))
    expect(pending).not.toContain(setup.secret)

    const admin = await seedGlobalAdmin(app)
    const row = await stored(admin.id)
    expect(row.totpSecret).toMatch(new RegExp(`^sealed:v1:${keyIdOf(oldKey)}:`))
    expect(row.totpSecret).not.toContain(admin.secret)
    expect(row.totpPendingSecret).toBeNull()
    expect((await signIn(admin.email, await admin.code())).statusCode).toBe(200)

    const org = await seedOrganisation(app)
    const impersonation = await app.inject({
      method: 'POST',
      url: apiUrl(API.auth.impersonate),
      headers: admin.headers,
      payload: { employeeId: org.owner.id, reason: 'Support ticket 1: sealed secret', code: await admin.code() },
    })
    expect(impersonation.statusCode).toBe(200)
  })

  it('a secret stored before the key was set is sealed at start, and still signs in', async () => {
    const admin = await seedGlobalAdmin(app)
    // As an installation without SECRETS_KEY left it.
    await app.db.update(globalAdmins).set({ totpSecret: admin.secret }).where(eq(globalAdmins.id, admin.id))
    expect((await signIn(admin.email, await admin.code())).statusCode).toBe(200)
    expect(await resealSecrets(app.db, [oldKey])).toBeGreaterThanOrEqual(1)
    expect((await stored(admin.id)).totpSecret).toMatch(new RegExp(`^sealed:v1:${keyIdOf(oldKey)}:`))
    // Nothing left to seal: a second instance starting finds nothing to do.
    expect(await resealSecrets(app.db, [oldKey])).toBe(0)
    expect((await signIn(admin.email, await admin.code())).statusCode).toBe(200)
  })

  it('rotation: with the new key first the old one still opens; after the reseal the new key alone does', async () => {
    const admin = await seedGlobalAdmin(app)
    const rotated = await buildTestApp({ secretsKeys: [newKey, oldKey] }, { database })
    expect((await signIn(admin.email, await admin.code(), rotated)).statusCode).toBe(200)
    expect(await resealSecrets(app.db, [newKey, oldKey])).toBeGreaterThanOrEqual(1)
    expect((await stored(admin.id)).totpSecret).toMatch(new RegExp(`^sealed:v1:${keyIdOf(newKey)}:`))
    const onlyNew = await buildTestApp({ secretsKeys: [newKey] }, { database })
    expect((await signIn(admin.email, await admin.code(), onlyNew)).statusCode).toBe(200)
  })

  it('a secret moved into another admin’s row does not open there: the sign-in fails, nothing is opened', async () => {
    const [a, b] = [await seedGlobalAdmin(app), await seedGlobalAdmin(app)]
    await app.db
      .update(globalAdmins)
      .set({ totpSecret: (await stored(a.id)).totpSecret })
      .where(eq(globalAdmins.id, b.id))
    const res = await signIn(b.email, totpNow(a.secret))
    expect(res.statusCode).toBe(500)
    expect(res.json().code).toBe('INTERNAL')
  })
})
