import { eq, sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { API } from '../../contract/endpoints'
import { createSessionCache } from '../../server/auth/session-cache'
import type { AccessChangeHandler, AccessChanges } from '../../server/db/access-changes'
import { type Database, openDatabase } from '../../server/db/client'
import { employeeSalonRoles, sessions } from '../../server/db/schema'
import { buildTestApp } from '../helpers/app'
import { createTestDatabase } from '../helpers/db'
import { seedEmployee, seedOrganisation } from '../helpers/factories'
import { apiUrl } from '../helpers/url'

/*
 * Issue 25: sessions and their access are kept in each instance's memory (no database round trip
 * per request) and forgotten on every instance when the database announces an access change.
 * Two instances on one database: on PostgreSQL (TEST_DATABASE_URL) each has its own pool and its
 * own listening connection, as two processes would; on PGlite they share the one in-process
 * database.
 */
const first = await createTestDatabase()
const second: Database = first.url ? await openDatabase({ url: first.url, dataDir: '', poolSize: 3 }) : first
const a = await buildTestApp({}, { database: first })
const b = await buildTestApp({}, { database: second })
afterAll(async () => {
  await a.close()
  await b.close()
  if (second !== first) await second.close()
  await first.close()
})

/** Polls until `check` holds: another instance hears a change when PostgreSQL delivers it. */
async function soon(check: () => Promise<boolean>, what: string) {
  const end = Date.now() + 5_000
  while (Date.now() < end) {
    if (await check()) return
    await new Promise((r) => setTimeout(r, 20))
  }
  throw new Error(`not within 5 s: ${what}`)
}

async function desk() {
  const org = await seedOrganisation(a)
  const employee = await seedEmployee(a, {
    organisationId: org.id,
    salonIds: [org.salons[0].id],
    permissions: ['readCustomers'],
  })
  const customers = (app: typeof a) =>
    app.inject({ url: apiUrl(API.customers.list, { org: org.id }), headers: employee.headers })
  // Both instances have resolved (and kept) the session.
  expect((await customers(a)).statusCode).toBe(200)
  expect((await customers(b)).statusCode).toBe(200)
  return { org, employee, customers }
}

describe('the session cache, on two instances', () => {
  it('answers a kept session without reading it, and forgets it when its organisation changes', async () => {
    const { org, employee, customers } = await desk()
    // The session row removed behind the cache's back (triggers off): still answered from memory.
    await a.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`)
      await tx.delete(sessions).where(eq(sessions.subjectId, employee.id))
    })
    expect((await customers(a)).statusCode).toBe(200)
    expect((await customers(b)).statusCode).toBe(200)
    // Any access change in the organisation: both forget, and the database says the session is gone.
    await a.db.execute(sql`select pg_notify('access_changed', ${org.id})`)
    await soon(async () => (await customers(a)).statusCode === 401, 'instance A forgets')
    await soon(async () => (await customers(b)).statusCode === 401, 'instance B forgets')
  })

  it('sign-out on one instance ends the session on the other', async () => {
    const { employee, customers } = await desk()
    const out = await a.inject({ method: 'POST', url: apiUrl(API.auth.logout), headers: employee.headers })
    expect(out.statusCode).toBe(200)
    // The instance that signed out heard it before answering.
    expect((await customers(a)).statusCode).toBe(401)
    await soon(async () => (await customers(b)).statusCode === 401, 'instance B refuses the token')
  })

  it('deactivation on one instance ends every session on the other', async () => {
    const { org, employee, customers } = await desk()
    const res = await a.inject({
      method: 'PUT',
      url: apiUrl(API.employees.update, { org: org.id, id: employee.id }),
      headers: org.owner.headers,
      payload: { active: false },
    })
    expect(res.statusCode).toBe(200)
    expect((await customers(a)).statusCode).toBe(401)
    await soon(async () => (await customers(b)).statusCode === 401, 'instance B refuses the deactivated employee')
  })

  it("a role's permission taken away on one instance is refused on the other", async () => {
    const { org, employee, customers } = await desk()
    const [role] = await a.db
      .select({ id: employeeSalonRoles.roleId })
      .from(employeeSalonRoles)
      .where(eq(employeeSalonRoles.employeeId, employee.id))
    const res = await a.inject({
      method: 'PUT',
      url: apiUrl(API.roles.update, { org: org.id, id: role.id }),
      headers: org.owner.headers,
      payload: { permissions: ['readQuestionnaires'] },
    })
    expect(res.statusCode, res.body).toBe(200)
    expect((await customers(a)).statusCode).toBe(403)
    await soon(async () => (await customers(b)).statusCode === 403, 'instance B applies the new role')
  })
})

describe('what the cache never keeps', () => {
  /** Changes told by hand: what the database would announce. */
  function told(listening = true) {
    const handlers: AccessChangeHandler[] = []
    const changes: AccessChanges = {
      subscribe: (h) => handlers.push(h),
      listening: () => listening,
      heard: async () => {},
      close: async () => {},
    }
    const change = (org: string) => {
      for (const h of handlers) h.changed(org)
    }
    return { changes, change }
  }

  it('a lookup that read while a change arrived (it may have read the state before it)', async () => {
    const { employee } = await desk()
    const { changes, change } = told()
    const cache = createSessionCache(a.db, changes)
    const reading = cache.find(employee.token)
    change('some-other-organisation')
    expect(await reading).not.toBeNull()
    expect(cache.size()).toBe(0)
    expect(await cache.find(employee.token)).not.toBeNull()
    expect(cache.size()).toBe(1)
  })

  it('anything while changes cannot be heard, and unknown tokens', async () => {
    const { employee } = await desk()
    const deaf = createSessionCache(a.db, told(false).changes)
    expect(await deaf.find(employee.token)).not.toBeNull()
    expect(deaf.size()).toBe(0)
    const cache = createSessionCache(a.db, told().changes)
    expect(await cache.find('no-such-token')).toBeNull()
    expect(cache.size()).toBe(0)
  })
})
