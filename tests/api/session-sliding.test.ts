import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { SESSION_EXPIRES_HEADER } from '../../contract/auth'
import { API } from '../../contract/endpoints'
import { SESSION_EXTEND_STEP_MS, SESSION_MAX_DAYS } from '../../server/auth/sessions'
import { sha256 } from '../../server/auth/passwords'
import { sessions } from '../../server/db/schema'
import { buildTestApp } from '../helpers/app'
import { bearer, seedOrganisation } from '../helpers/factories'
import { apiUrl } from '../helpers/url'

// Issue 21 #3: a session in use slides (a tablet used daily never expires), within a maximum.
const TTL_HOURS = 48
const app = await buildTestApp({ sessionTtlHours: TTL_HOURS })
const HOUR = 3600_000
const DAY = 24 * HOUR

async function signedIn() {
  const org = await seedOrganisation(app)
  const where = eq(sessions.tokenHash, sha256(org.owner.token))
  const me = () => app.inject({ url: apiUrl(API.employees.me, { org: org.id }), headers: bearer(org.owner.token) })
  const set = (v: { expiresAt?: Date; createdAt?: Date }) => app.db.update(sessions).set(v).where(where)
  const row = async () => (await app.db.select().from(sessions).where(where))[0]
  return { me, set, row }
}

describe('sessions: sliding expiry', () => {
  it('a session used before it ends is extended to the lifetime from now, and says so in a header', async () => {
    const { me, set, row } = await signedIn()
    await set({ expiresAt: new Date(Date.now() + HOUR) })
    const before = Date.now()
    const res = await me()
    expect(res.statusCode).toBe(200)
    const end = new Date(res.headers[SESSION_EXPIRES_HEADER] as string).getTime()
    expect(end).toBeGreaterThanOrEqual(before + TTL_HOURS * HOUR - 1000)
    expect(end).toBeLessThanOrEqual(Date.now() + TTL_HOURS * HOUR)
    expect((await row()).expiresAt.getTime()).toBe(end)
  })

  it('used every day for longer than its lifetime, it never ends', async () => {
    const { me, set, row } = await signedIn()
    await set({ expiresAt: new Date(Date.now() + TTL_HOURS * HOUR) }) // as a sign-in with this lifetime
    // A day passes: the session's times move a day into the past; then the tablet syncs.
    for (let day = 1; day <= 5; day++) {
      const r = await row()
      await set({ createdAt: new Date(r.createdAt.getTime() - DAY), expiresAt: new Date(r.expiresAt.getTime() - DAY) })
      expect((await me()).statusCode).toBe(200)
    }
  })

  it('is not written again within the step, and never moves past the maximum after sign-in', async () => {
    const { me, set, row } = await signedIn()
    const soon = new Date(Date.now() + TTL_HOURS * HOUR - SESSION_EXTEND_STEP_MS / 2)
    await set({ expiresAt: soon })
    await me()
    expect((await row()).expiresAt.getTime()).toBe(soon.getTime())

    const created = new Date(Date.now() - SESSION_MAX_DAYS * DAY + 2 * HOUR)
    await set({ createdAt: created, expiresAt: new Date(Date.now() + 10 * 60_000) })
    const res = await me()
    expect(res.statusCode).toBe(200)
    expect((await row()).expiresAt.getTime()).toBe(created.getTime() + SESSION_MAX_DAYS * DAY)
  })

  it('an ended session is not revived by using it', async () => {
    const { me, set, row } = await signedIn()
    const ended = new Date(Date.now() - 60_000)
    await set({ expiresAt: ended })
    const res = await me()
    expect(res.statusCode).toBe(401)
    expect(res.headers[SESSION_EXPIRES_HEADER]).toBeUndefined()
    expect((await row()).expiresAt.getTime()).toBe(ended.getTime())
  })
})
