import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { customers, syncLedger } from '../../server/db/schema'
import { buildTestApp } from '../helpers/app'
import { seedOrganisation } from '../helpers/factories'
import { customerBody } from './customers-fixtures'
import { client, newId, push } from './sync-fixtures'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../helpers/url'

/**
 * The sync queue never gets stuck (issue 7 #6, #7): a mutation that can never apply — text the
 * database cannot store, args nested too deep, a permanent refusal by the database — is answered
 * `rejected` and recorded, and the mutations after it (in the same push and later ones) apply.
 */
const app = await buildTestApp()
const orgA = await seedOrganisation(app)
const orgB = await seedOrganisation(app)
const a1 = orgA.salons[0]
const base = { orgId: orgA.id, salonId: a1.id, headers: orgA.owner.headers }
const statuses = (res: { json: () => { results: { status: string }[] } }) => res.json().results.map((r) => r.status)
const customerById = async (id: string) => (await app.db.select().from(customers).where(eq(customers.id, id)))[0]

// The database refuses a first name on its own (a check constraint and a trigger), as it would
// any data it cannot take: SQLSTATE classes 22/23 are permanent, 40001 is worth a retry.
await app.db.execute(sql`alter table customers add constraint test_refused check (first_name <> 'Refused-by-check')`)
await app.db.execute(sql`create function test_raise() returns trigger language plpgsql as $$
  begin
    if new.first_name like 'SQLSTATE-%' then
      raise exception 'test refusal' using errcode = substr(new.first_name, 10, 5);
    end if;
    return new;
  end $$`)
await app.db.execute(
  sql`create trigger test_raise before insert or update on customers for each row execute function test_raise()`,
)

describe('sync push: a mutation that can never apply does not block the queue', () => {
  it('sync: a NUL character in a mutation is rejected (text_unstorable), the next one and a later push apply', async () => {
    const c = client()
    const nul = c.m('customer.create', { ...customerBody([a1.id]), id: newId(), firstName: 'An\u0000na' })
    const next = c.m('customer.create', { ...customerBody([a1.id]), id: newId() })
    const first = await push(app, { ...base, clientId: c.clientId, mutations: [nul, next] })
    expect(first.statusCode).toBe(200)
    expect(first.json().results[0]).toMatchObject({
      status: 'rejected',
      code: 'VALIDATION_FAILED',
      details: { fields: [{ path: 'args.firstName', code: 'text_unstorable' }] },
    })
    expect(first.json().results[1]).toMatchObject({ status: 'applied' })
    expect(await customerById((nul.args as { id: string }).id)).toBeUndefined()

    const later = c.m('customer.create', { ...customerBody([a1.id]), id: newId() })
    const second = await push(app, { ...base, clientId: c.clientId, mutations: [nul, next, later] })
    expect(statuses(second)).toEqual(['rejected', 'duplicate', 'applied'])
    expect(second.json().lastMutationSeq).toBe(2)
  })

  it('sync: a lone surrogate and a NUL in a key are rejected too, never stored as something else', async () => {
    const c = client()
    const surrogate = c.m('customer.create', { ...customerBody([a1.id]), id: newId(), lastName: 'Jans\ud800en' })
    const key = c.m('customer.update', { id: newId(), changes: { city: 'Delft' }, base: { 'ci\u0000ty': null } })
    const next = c.m('customer.create', { ...customerBody([a1.id]), id: newId() })
    const res = await push(app, { ...base, clientId: c.clientId, mutations: [surrogate, key, next] })
    expect(statuses(res)).toEqual(['rejected', 'rejected', 'applied'])
    expect(res.json().results[0].details.fields[0]).toMatchObject({ path: 'args.lastName', code: 'text_unstorable' })
    expect(res.json().results[1].details.fields[0]).toMatchObject({ path: 'args.base.ci\uFFFDty' })
    expect(await customerById((surrogate.args as { id: string }).id)).toBeUndefined()
  })

  it('sync: args nested 20,000 levels deep are rejected (too_deep), the rest applies', async () => {
    const c = client()
    const deep = c.m('customer.create', { ...customerBody([a1.id]), id: newId(), notes: 'DEEP' })
    const next = c.m('customer.create', { ...customerBody([a1.id]), id: newId() })
    const payload = JSON.stringify({ clientId: c.clientId, schemaVersion: 1, mutations: [deep, next] }).replace(
      '"DEEP"',
      `${'['.repeat(20_000)}${']'.repeat(20_000)}`,
    )
    const send = () =>
      app.inject({
        method: 'POST',
        url: apiUrl(API.sync.push, { org: orgA.id, salon: a1.id }),
        headers: { ...base.headers, 'content-type': 'application/json' },
        payload,
      })
    const res = await send()
    expect(res.statusCode).toBe(200)
    expect(res.json().results[0]).toMatchObject({
      status: 'rejected',
      details: { fields: [{ code: 'too_deep', params: { maximum: 32 } }] },
    })
    expect(res.json().results[1].status).toBe('applied')
    expect(statuses(await send())).toEqual(['rejected', 'duplicate'])
  })

  it('sync: a permanent refusal by the database (class 22, 23) is rejected and recorded; the next one applies', async () => {
    const c = client()
    const batch = [
      c.m('customer.create', { ...customerBody([a1.id]), id: newId(), firstName: 'Refused-by-check' }),
      c.m('customer.create', { ...customerBody([a1.id]), id: newId(), firstName: 'SQLSTATE-22021' }),
      c.m('customer.create', { ...customerBody([a1.id]), id: newId() }),
    ]
    const res = await push(app, { ...base, clientId: c.clientId, mutations: batch })
    expect(res.statusCode).toBe(200)
    expect(statuses(res)).toEqual(['rejected', 'rejected', 'applied'])
    // A stable code, nothing of the database's own text.
    expect(res.json().results[0]).toEqual(
      expect.objectContaining({ code: 'VALIDATION_FAILED', message: 'The request is not valid.' }),
    )
    expect(JSON.stringify(res.json().results[0])).not.toMatch(/test_refused|constraint|violat/i)
    const ledger = await app.db.select().from(syncLedger).where(eq(syncLedger.clientId, c.clientId))
    expect(ledger.map((l) => l.status)).toEqual(['rejected', 'rejected', 'applied'])
    expect(statuses(await push(app, { ...base, clientId: c.clientId, mutations: batch }))).toEqual([
      'rejected',
      'rejected',
      'duplicate',
    ])
  })

  it('sync: a transient database failure (serialization, 40001) is still a 500 the client retries', async () => {
    const c = client()
    const m = c.m('customer.create', { ...customerBody([a1.id]), id: newId(), firstName: 'SQLSTATE-40001' })
    const res = await push(app, { ...base, clientId: c.clientId, mutations: [m] })
    expect(res.statusCode).toBe(500)
    expect(await app.db.select().from(syncLedger).where(eq(syncLedger.clientId, c.clientId))).toEqual([])
  })

  it('sync: a mutation id another organisation used is simply new here (no error, nothing said about the other)', async () => {
    const id = newId()
    const cB = client()
    const inB = cB.m('customer.create', { ...customerBody([orgB.salons[0].id]), id: newId() }, id)
    const resB = await push(app, {
      orgId: orgB.id,
      salonId: orgB.salons[0].id,
      headers: orgB.owner.headers,
      clientId: cB.clientId,
      mutations: [inB],
    })
    expect(statuses(resB)).toEqual(['applied'])
    // Same mutation id and even the same client id, in organisation A.
    const cA = { clientId: cB.clientId, m: client().m }
    const inA = cA.m('customer.create', { ...customerBody([a1.id]), id: newId() }, id)
    const resA = await push(app, { ...base, clientId: cA.clientId, mutations: [inA] })
    expect(resA.statusCode).toBe(200)
    expect(resA.json().results[0]).toMatchObject({ status: 'applied', result: { organisationId: orgA.id } })
    expect(resA.json().lastMutationSeq).toBe(0)
    const ledger = await app.db.select().from(syncLedger).where(eq(syncLedger.mutationId, id))
    expect(ledger.map((l) => l.organisationId).sort()).toEqual([orgA.id, orgB.id].sort())
  })
})
