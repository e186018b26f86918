import { v7 as uuidv7 } from 'uuid'
import { describe, expect, it } from 'vitest'
import { API } from '../../contract/endpoints'
import { cursorsParam } from '../../contract/sync'
import { customers } from '../../server/db/schema'
import { nextVersion } from '../../server/db/versions'
import { BUSY_RECEPTION, FIRST_FULL_SYNC, REQUEST_BUDGET } from '../../server/http/request-budget'
import { buildTestApp } from '../helpers/app'
import { seedOrganisation } from '../helpers/factories'
import { apiUrl } from '../helpers/url'

/*
 * Issue 21 #15: 15,000 signed-in requests in two minutes met no 429. The API has an overall
 * budget per session and per address (server/http/request-budget.ts), counted by the real
 * limiter: in memory here, in Redis when REDIS_URL is set (buildTestApp uses it; CI sets it).
 * Sized so a tablet's first full sync and a busy reception never reach it.
 */

// The real sizes at 1/50 (sending 6,000 calls through app.inject takes minutes on a busy
// machine): the budget, the sync and the reception it is sized for shrink together, so what is
// checked is the proportion the sizes were chosen by, with the real limiter and store.
const SCALE = 50
const budget = {
  windowMs: REQUEST_BUDGET.windowMs,
  perSession: REQUEST_BUDGET.perSession / SCALE,
  perAddress: REQUEST_BUDGET.perAddress / SCALE,
}
const app = await buildTestApp({}, { requestBudget: budget })
const org = await seedOrganisation(app, { salons: 1 })
const [salon] = org.salons
const TABLET = '10.21.15.1'

const get = (url: string, headers: Record<string, string> = org.owner.headers, remoteAddress = TABLET) =>
  app.inject({ url, headers, remoteAddress })

/** Customers straight into the database, in one statement (the replica's bulk). */
async function seedCustomers(n: number) {
  await app.db.transaction(async (tx) => {
    const rows = []
    for (let i = 0; i < n; i++)
      rows.push({
        id: uuidv7(),
        organisationId: org.id,
        email: `budget-${i}-${uuidv7()}@example.test`,
        firstName: 'Budget',
        lastName: `Klant ${i}`,
        salonIds: [salon.id],
        allowedMessagingTypes: ['email' as const],
        version: await nextVersion(tx, org.id),
      })
    await tx.insert(customers).values(rows)
  })
}

describe('request budget', () => {
  it('the sizes leave a full sync and a busy reception room, and stop 15,000 calls from one session', () => {
    expect(3 * (FIRST_FULL_SYNC + BUSY_RECEPTION)).toBeLessThan(REQUEST_BUDGET.perSession)
    expect(REQUEST_BUDGET.perSession).toBeLessThan(15_000)
    expect(REQUEST_BUDGET.perAddress).toBeGreaterThanOrEqual(10 * (FIRST_FULL_SYNC + BUSY_RECEPTION))
  })

  it('a first full sync of a large replica and a busy reception stay within it; 15,000 calls do not', async () => {
    // The sync the budget is sized for (FIRST_FULL_SYNC pages, scaled): a replica of PAGE times
    // that many customers pulled PAGE rows at a time, each page a real sync/changes call. (Pages
    // of 20, not 1: the seeded organisation's rows share version 0, which one page must hold.)
    const PAGE = 20
    await seedCustomers((PAGE * FIRST_FULL_SYNC) / SCALE)
    let cursors: Record<string, number> = {}
    let pages = 0
    const clientId = `budget-${uuidv7()}`
    for (;;) {
      const res = await get(
        apiUrl(
          API.sync.changes,
          { org: org.id, salon: salon.id },
          { cursors: cursorsParam(cursors), limit: PAGE, clientId },
        ),
      )
      expect(res.statusCode, res.body).toBe(200)
      const page = res.json() as { hasMore: boolean; cursors: Record<string, number> }
      pages++
      cursors = page.cursors
      if (!page.hasMore) break
    }
    expect(pages).toBeGreaterThanOrEqual(FIRST_FULL_SYNC / SCALE)
    // A busy reception's online calls on the same tablet, session and address.
    const reception = [
      apiUrl(API.employees.me, { org: org.id }),
      apiUrl(API.salons.list, { org: org.id }),
      apiUrl(API.roles.list, { org: org.id }),
    ]
    for (let i = 0; i < BUSY_RECEPTION / SCALE; i++) {
      const res = await get(reception[i % reception.length])
      if (res.statusCode !== 200) expect.fail(`call ${i}: ${res.statusCode} ${res.body}`)
    }
    // The same session goes on (issue 21: 15,000 calls in two minutes): refused at the budget.
    const cheap = apiUrl(API.uploads.imageCategories)
    let sent = pages + BUSY_RECEPTION / SCALE
    let refused: Awaited<ReturnType<typeof get>> | undefined
    while (sent < 15_000 / SCALE && !refused) {
      const res = await get(cheap)
      sent++
      if (res.statusCode === 429) refused = res
    }
    expect(refused, 'no 429 in 15,000 calls').toBeDefined()
    expect(sent).toBe(budget.perSession + 1)
    expect(refused?.json()).toEqual({
      code: 'TOO_MANY_REQUESTS',
      message: 'Too many requests, please try again later.',
    })
    const retryAfter = Number(refused?.headers['retry-after'])
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(REQUEST_BUDGET.windowMs / 1000)
    // Another session on the same address is not held to this one's budget.
    const other = await seedOrganisation(app)
    expect((await get(cheap, other.owner.headers)).statusCode).toBe(200)
  }, 900_000)
})

describe('request budget per address (sized down further: a smaller window)', async () => {
  const small = { windowMs: 60_000, perSession: 1_000, perAddress: 40 }
  const budgeted = await buildTestApp({}, { requestBudget: small })
  const home = await seedOrganisation(budgeted)

  it('many sessions or none from one address share its budget; another address is not held to it', async () => {
    const address = '10.21.15.2'
    const url = apiUrl(API.employees.me, { org: home.id })
    const codes: number[] = []
    for (let i = 0; i < small.perAddress; i++) {
      // Half without a session (401), half signed in: all count for the address.
      const headers = i % 2 ? home.owner.headers : {}
      codes.push((await budgeted.inject({ url, headers, remoteAddress: address })).statusCode)
    }
    expect(codes.filter((c) => c === 429)).toEqual([])
    const over = await budgeted.inject({ url, headers: home.owner.headers, remoteAddress: address })
    expect(over.statusCode).toBe(429)
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0)
    expect(Number(over.headers['retry-after'])).toBeLessThanOrEqual(60)
    const elsewhere = await budgeted.inject({ url, headers: home.owner.headers, remoteAddress: '10.21.15.3' })
    expect(elsewhere.statusCode).toBe(200)
  })

  it('a refused request runs nothing: no body read, nothing written', async () => {
    const address = '10.21.15.4'
    const health = apiUrl(API.health.checkNoDb)
    for (let i = 0; i < small.perAddress; i++) await budgeted.inject({ url: health, remoteAddress: address })
    const roles = apiUrl(API.roles.create, { org: home.id })
    const refused = await budgeted.inject({
      method: 'POST',
      url: roles,
      headers: home.owner.headers,
      remoteAddress: address,
      payload: { name: 'Over budget', permissions: [] },
    })
    expect(refused.statusCode).toBe(429)
    const list = await budgeted.inject({ url: roles, headers: home.owner.headers, remoteAddress: '10.21.15.5' })
    expect(list.json().map((r: { name: string }) => r.name)).not.toContain('Over budget')
  })
})
