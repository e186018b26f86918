import { afterEach, describe, expect, it } from 'vitest'
import { MUTATIONS, type MutationDef } from '../../contract/sync'
import { buildTestApp } from '../helpers/app'
import { seedOrganisation } from '../helpers/factories'
import { customerBody, postCustomer } from './customers-fixtures'
import { client, push } from './sync-fixtures'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../helpers/url'

// Issue 8 §3: an old tablet's outbox keeps working across an app update. Each entry carries the
// shape version `v` it was written in; older shapes are upgraded or refused explicitly.
const app = await buildTestApp()
const org = await seedOrganisation(app)
const salonId = org.salons[0].id
const base = { orgId: org.id, salonId, headers: org.owner.headers }
const customer = await postCustomer(app, org.id, org.owner.headers, customerBody([salonId]))

const update = MUTATIONS['customer.update'] as MutationDef
const saved = { version: update.version, upgrade: update.upgrade }
afterEach(() => {
  update.version = saved.version
  update.upgrade = saved.upgrade
})

const cityOf = async () =>
  (
    await app.inject({
      url: apiUrl(API.customers.get, { org: org.id, id: customer.id }),
      headers: org.owner.headers,
    })
  ).json().city

describe('sync: mutation shape versions', () => {
  it('sync: an entry without a version (written before versions existed) is version 1 and applies', async () => {
    const c = client()
    const m = c.m('customer.update', { id: customer.id, changes: { city: 'Gouda' } })
    const res = (await push(app, { ...base, clientId: c.clientId, mutations: [m] })).json()
    expect(res.results[0].status).toBe('applied')
    expect(await cityOf()).toBe('Gouda')
  })

  it('sync: an entry of an older shape is upgraded to today’s args and applies', async () => {
    // As if `customer.update` had moved from {id, fields} (version 1) to {id, changes} (version 2).
    update.version = 2
    update.upgrade = (args) => {
      const { id, fields } = args as { id: string; fields: object }
      return { id, changes: fields }
    }
    const c = client()
    const old = { ...c.m('customer.update', { id: customer.id, fields: { city: 'Delft' } }), v: 1 }
    const now = { ...c.m('customer.update', { id: customer.id, changes: { notes: 'v2' } }), v: 2 }
    const res = (await push(app, { ...base, clientId: c.clientId, mutations: [old, now] })).json()
    expect(res.results.map((r: { status: string }) => r.status)).toEqual(['applied', 'applied'])
    expect(await cityOf()).toBe('Delft')
  })

  it('sync: a shape the server cannot read is refused explicitly (recorded), the rest of the batch applies', async () => {
    const c = client()
    const newer = { ...c.m('customer.update', { id: customer.id, changes: { city: 'Ede' } }), v: 7 }
    const next = c.m('customer.update', { id: customer.id, changes: { city: 'Epe' } })
    const first = (await push(app, { ...base, clientId: c.clientId, mutations: [newer, next] })).json()
    expect(first.results[0]).toMatchObject({ status: 'rejected', code: 'SCHEMA_VERSION_UNSUPPORTED' })
    expect(first.results[1].status).toBe('applied')
    expect(await cityOf()).toBe('Epe')
    // Older without an upgrade: refused too, never applied as if it were today's shape.
    update.version = 2
    const older = { ...c.m('customer.update', { id: customer.id, changes: { city: 'Oss' } }), v: 1 }
    const second = (await push(app, { ...base, clientId: c.clientId, mutations: [older] })).json()
    expect(second.results[0]).toMatchObject({ status: 'rejected', code: 'SCHEMA_VERSION_UNSUPPORTED' })
    // A retry of the refused entry answers the same stored refusal.
    const again = (await push(app, { ...base, clientId: c.clientId, mutations: [newer] })).json()
    expect(again.results[0]).toMatchObject({ status: 'rejected', code: 'SCHEMA_VERSION_UNSUPPORTED' })
  })
})
