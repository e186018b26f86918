import { describe, expect, it } from 'vitest'
import { auditEvents } from '../../server/db/schema'
import { buildTestApp } from '../helpers/app'
import { seedEmployee, seedOrganisation } from '../helpers/factories'
import { eq } from 'drizzle-orm'
import { customerBody, postCustomer } from './customers-fixtures'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../helpers/url'

const app = await buildTestApp()
const orgA = await seedOrganisation(app)
const orgB = await seedOrganisation(app)
const [a1] = orgA.salons
const owner = orgA.owner.headers
const url = (org = orgA.id) => apiUrl(API.customFields.list, { org })
const reader = await seedEmployee(app, { organisationId: orgA.id, salonIds: [a1.id], permissions: ['readCustomers'] })
const manager = await seedEmployee(app, {
  organisationId: orgA.id,
  salonIds: [a1.id],
  permissions: ['manageCustomers'],
})
const stranger = await seedEmployee(app, { organisationId: orgA.id, salonIds: [a1.id], permissions: ['readEmployees'] })

const post = (payload: unknown, headers = owner, org = orgA.id) =>
  app.inject({ method: 'POST', url: url(org), headers, payload: payload as object })
const put = (id: string, payload: unknown, headers = owner) =>
  app.inject({
    method: 'PUT',
    url: apiUrl(API.customFields.update, { org: orgA.id, id }),
    headers,
    payload: payload as object,
  })
const del = (id: string, headers = owner) =>
  app.inject({ method: 'DELETE', url: apiUrl(API.customFields.remove, { org: orgA.id, id }), headers })
const list = (headers = owner, org = orgA.id) => app.inject({ method: 'GET', url: url(org), headers })
let n = 0
const prop = () => `field${++n}`
const fields = (res: { json: () => { details?: { fields?: { path: string; code: string }[] } } }) =>
  res.json().details?.fields?.map((f) => [f.path, f.code])

describe('custom fields: definitions', () => {
  it('custom fields: create, list in order, update and delete', async () => {
    const a = await post({ displayName: 'Favoriete behandeling', propertyName: prop(), type: 'text' })
    expect(a.statusCode).toBe(201)
    expect(a.json()).toMatchObject({ displayName: 'Favoriete behandeling', type: 'text', options: [], required: false })
    const b = await post({ displayName: 'Huidtype', propertyName: prop(), type: 'option', options: ['Droog', 'Vet'] })
    expect(b.statusCode).toBe(201)
    expect(b.json().position).toBeGreaterThan(a.json().position)
    const l = await list(reader.headers)
    expect(l.statusCode).toBe(200)
    expect(l.json().map((f: { id: string }) => f.id)).toEqual([a.json().id, b.json().id])

    const u = await put(b.json().id, { displayName: 'Skin type', required: true, options: ['Dry', 'Oily', 'Mixed'] })
    expect(u.statusCode).toBe(200)
    expect(u.json()).toMatchObject({ displayName: 'Skin type', required: true, options: ['Dry', 'Oily', 'Mixed'] })
    expect(u.json().version).toBeGreaterThan(b.json().version)

    const order = await app.inject({
      method: 'PUT',
      url: apiUrl(API.customFields.reorder, { org: orgA.id }),
      headers: owner,
      payload: { ids: [b.json().id, a.json().id] },
    })
    expect(order.statusCode).toBe(200)
    expect(order.json().map((f: { id: string }) => f.id)).toEqual([b.json().id, a.json().id])

    expect((await del(a.json().id)).statusCode).toBe(204)
    expect((await list()).json().map((f: { id: string }) => f.id)).toEqual([b.json().id])
    expect((await del(a.json().id)).statusCode).toBe(404)
    expect((await put(a.json().id, { displayName: 'x' })).statusCode).toBe(404)
    await del(b.json().id)

    const audited = await app.db.select().from(auditEvents).where(eq(auditEvents.organisationId, orgA.id))
    const kinds = audited
      .filter((e) => e.event === 'organisationUpdate')
      .map((e) => (e.data as { customField?: string }).customField)
    expect(kinds).toEqual(expect.arrayContaining(['create', 'update', 'reorder', 'delete']))
  })

  it('custom fields: the spec messages and the option rules', async () => {
    const empty = await post({ displayName: ' ', propertyName: '', type: 'text' })
    expect(empty.statusCode).toBe(400)
    expect(fields(empty)).toEqual(
      expect.arrayContaining([
        ['displayName', 'customField.displayName'],
        ['propertyName', 'customField.propertyName'],
      ]),
    )
    const msgs = empty.json().details.fields.map((f: { message: string }) => f.message)
    expect(msgs).toEqual(expect.arrayContaining(['Display name is required.', 'Property name is required.']))
    const badName = await post({ displayName: 'X', propertyName: '1abc', type: 'text' })
    expect(fields(badName)).toEqual([['propertyName', 'customField.propertyNameFormat']])
    const noOptions = await post({ displayName: 'X', propertyName: prop(), type: 'option', options: [] })
    expect(fields(noOptions)).toEqual([['options', 'customField.options']])
    const dup = await post({ displayName: 'X', propertyName: prop(), type: 'option', options: ['Ja', 'ja '] })
    expect(fields(dup)).toEqual([['options.1', 'customField.duplicateOption']])
    const badType = await post({ displayName: 'X', propertyName: prop(), type: 'colour' })
    expect(badType.statusCode).toBe(400)
    // Options of other types are not kept.
    const text = await post({ displayName: 'X', propertyName: prop(), type: 'text', options: ['a'] })
    expect(text.json().options).toEqual([])
    // Turning a text field into a choice field without options is refused too.
    expect(fields(await put(text.json().id, { type: 'option' }))).toEqual([['options', 'customField.options']])
    await del(text.json().id)
  })

  it('custom fields: the property name is unique among live fields, case-insensitively', async () => {
    const name = prop()
    const a = await post({ displayName: 'A', propertyName: name, type: 'text' })
    const again = await post({ displayName: 'B', propertyName: name.toUpperCase(), type: 'number' })
    expect(again.statusCode).toBe(409)
    expect(again.json().code).toBe('CUSTOM_FIELD_PROPERTY_TAKEN')
    const other = await post({ displayName: 'C', propertyName: prop(), type: 'text' })
    const rename = await put(other.json().id, { propertyName: name })
    expect(rename.json().code).toBe('CUSTOM_FIELD_PROPERTY_TAKEN')
    // Another organisation may use the same name.
    expect(
      (await post({ displayName: 'A', propertyName: name, type: 'text' }, orgB.owner.headers, orgB.id)).statusCode,
    ).toBe(201)
    // Once deleted, the name is free again.
    await del(a.json().id)
    const reuse = await post({ displayName: 'A again', propertyName: name, type: 'text' })
    expect(reuse.statusCode).toBe(201)
    await del(reuse.json().id)
    await del(other.json().id)
  })

  it('custom fields: property name and type are fixed once a customer has a value', async () => {
    const name = prop()
    const f = await post({ displayName: 'Allergie', propertyName: name, type: 'text' })
    // Before any value: both may change.
    const renamed = await put(f.json().id, { propertyName: `${name}x`, type: 'number' })
    expect(renamed.statusCode).toBe(200)
    await postCustomer(app, orgA.id, owner, customerBody([a1.id], { customValues: { [`${name}x`]: 3 } }))
    const rename = await put(f.json().id, { propertyName: `${name}y` })
    expect(rename.statusCode).toBe(409)
    expect(rename.json().code).toBe('CUSTOM_FIELD_IN_USE')
    expect((await put(f.json().id, { type: 'text' })).json().code).toBe('CUSTOM_FIELD_IN_USE')
    // Everything else still changes.
    expect((await put(f.json().id, { displayName: 'Allergieën', required: false })).statusCode).toBe(200)
    await del(f.json().id)
  })

  it('custom fields: who may read and who may define (permissions matrix)', async () => {
    expect((await list(reader.headers)).statusCode).toBe(200)
    expect((await list(manager.headers)).statusCode).toBe(200)
    expect((await list(stranger.headers)).statusCode).toBe(403)
    const body = { displayName: 'X', propertyName: prop(), type: 'text' }
    expect((await post(body, reader.headers)).statusCode).toBe(403)
    expect((await post(body, manager.headers)).statusCode).toBe(403)
    const f = await post(body)
    expect((await put(f.json().id, { displayName: 'Y' }, manager.headers)).statusCode).toBe(403)
    expect((await del(f.json().id, manager.headers)).statusCode).toBe(403)
    expect((await app.inject({ method: 'GET', url: url() })).statusCode).toBe(401)
    await del(f.json().id)
  })

  it('custom fields: another organisation neither sees nor changes them', async () => {
    const f = await post({ displayName: 'Secret', propertyName: prop(), type: 'text' })
    const b = orgB.owner.headers
    expect((await list(b, orgA.id)).statusCode).toBe(404)
    expect((await list(b, orgB.id)).json().map((x: { id: string }) => x.id)).not.toContain(f.json().id)
    const res = await app.inject({
      method: 'PUT',
      url: apiUrl(API.customFields.update, { org: orgB.id, id: f.json().id }),
      headers: b,
      payload: { displayName: 'Mine' },
    })
    expect(res.statusCode).toBe(404)
    expect(
      (
        await app.inject({
          method: 'DELETE',
          url: apiUrl(API.customFields.remove, { org: orgB.id, id: f.json().id }),
          headers: b,
        })
      ).statusCode,
    ).toBe(404)
    const order = await app.inject({
      method: 'PUT',
      url: apiUrl(API.customFields.reorder, { org: orgB.id }),
      headers: b,
      payload: { ids: [f.json().id] },
    })
    expect(order.statusCode).toBe(404)
    expect((await list()).json().find((x: { id: string }) => x.id === f.json().id).displayName).toBe('Secret')
    await del(f.json().id)
  })

  it('custom fields: odd bytes are a clear 400 or stored as text, never a 500', async () => {
    for (const displayName of ['a\u0000b', 'x\ud800y', 'z'.repeat(10_000)]) {
      const r = await post({ displayName, propertyName: prop(), type: 'text' })
      expect(r.statusCode).toBe(400)
    }
    for (const propertyName of ['a\u0000b', 'é', 'a'.repeat(10_000), 'a b']) {
      expect((await post({ displayName: 'X', propertyName, type: 'text' })).statusCode).toBe(400)
    }
    const opt = await post({ displayName: 'X', propertyName: prop(), type: 'option', options: ['ok', 'x\ud800'] })
    expect(opt.statusCode).toBe(400)
    expect((await put('not-a-uuid', { displayName: 'X' })).statusCode).toBe(400)
  })
})

describe('custom fields: values on customers', () => {
  const cUrl = apiUrl(API.customers.create, { org: orgA.id })
  const putCustomer = (id: string, payload: unknown) =>
    app.inject({
      method: 'PUT',
      url: apiUrl(API.customers.update, { org: orgA.id, id }),
      headers: owner,
      payload: payload as object,
    })

  it('customers: values are checked against the live definitions', async () => {
    const t = prop()
    const num = prop()
    const when = prop()
    const yes = prop()
    const pick = prop()
    await post({ displayName: 'Text', propertyName: t, type: 'text' })
    await post({ displayName: 'Number', propertyName: num, type: 'number' })
    await post({ displayName: 'Date', propertyName: when, type: 'date' })
    await post({ displayName: 'Yes', propertyName: yes, type: 'boolean' })
    await post({ displayName: 'Pick', propertyName: pick, type: 'option', options: ['A', 'B'] })

    const good = { [t]: 'hello', [num]: 1.5, [when]: '2024-02-29', [yes]: true, [pick]: 'B' }
    const c = await postCustomer(app, orgA.id, owner, customerBody([a1.id], { customValues: good }))
    expect(c.customValues).toEqual(good)

    const bad = await app.inject({
      method: 'POST',
      url: cUrl,
      headers: owner,
      payload: customerBody([a1.id], {
        customValues: { [num]: 'twelve', [when]: '2023-02-29', [pick]: 'C', nope: 'x' },
      }),
    })
    expect(bad.statusCode).toBe(400)
    expect(fields(bad)).toEqual(
      expect.arrayContaining([
        [`customValues.${num}`, 'customField.value'],
        [`customValues.${when}`, 'customField.value'],
        [`customValues.${pick}`, 'customField.value'],
        ['customValues.nope', 'customField.unknown'],
      ]),
    )

    const upd = await putCustomer(c.id, { changes: { customValues: { ...good, [num]: 'x' } } })
    expect(upd.statusCode).toBe(400)
    expect(fields(upd)).toEqual([[`changes.customValues.${num}`, 'customField.value']])
    const cleared = await putCustomer(c.id, { changes: { customValues: { [t]: 'bye' } } })
    expect(cleared.statusCode).toBe(200)
    expect(cleared.json().customer.customValues).toEqual({ [t]: 'bye' })
  })

  it('customers: a required field must be filled on create and cannot be cleared', async () => {
    const r = prop()
    const f = await post({ displayName: 'Req', propertyName: r, type: 'text', required: true })
    const missing = await app.inject({ method: 'POST', url: cUrl, headers: owner, payload: customerBody([a1.id]) })
    expect(missing.statusCode).toBe(400)
    expect(fields(missing)).toEqual([[`customValues.${r}`, 'required']])
    const c = await postCustomer(app, orgA.id, owner, customerBody([a1.id], { customValues: { [r]: 'yes' } }))
    const clear = await putCustomer(c.id, { changes: { customValues: {} }, base: { customValues: { [r]: 'yes' } } })
    expect(clear.statusCode).toBe(400)
    expect(fields(clear)).toEqual([[`changes.customValues.${r}`, 'required']])
    await del(f.json().id)
  })

  it('customers: a deleted field keeps its values, hidden, and a resent copy of them is no error', async () => {
    const gone = prop()
    const kept = prop()
    const f = await post({ displayName: 'Gone', propertyName: gone, type: 'text' })
    await post({ displayName: 'Kept', propertyName: kept, type: 'text' })
    const c = await postCustomer(app, orgA.id, owner, customerBody([a1.id], { customValues: { [gone]: 'old' } }))
    await del(f.json().id)
    // The drawer sends the whole map back, the deleted field's value with it: not refused.
    const res = await putCustomer(c.id, {
      changes: { customValues: { [gone]: 'old', [kept]: 'new' } },
      base: { customValues: { [gone]: 'old' } },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().customer.customValues).toEqual({ [gone]: 'old', [kept]: 'new' })
    // Setting a value of a deleted field is refused.
    const set = await putCustomer(c.id, {
      changes: { customValues: { [gone]: 'changed', [kept]: 'new' } },
      base: { customValues: { [gone]: 'old', [kept]: 'new' } },
    })
    expect(fields(set)).toEqual([[`changes.customValues.${gone}`, 'customField.unknown']])
    // A new field of that property name takes the values back.
    const again = await post({ displayName: 'Back', propertyName: gone, type: 'text' })
    expect(again.statusCode).toBe(201)
    expect((await put(again.json().id, { type: 'number' })).json().code).toBe('CUSTOM_FIELD_IN_USE')
  })
})

describe('custom fields: odd bytes in values', () => {
  it('customers: NUL, lone surrogates, long texts, odd keys and nested values in customValues are a 400, never a 500', async () => {
    const t = prop()
    await post({ displayName: 'Odd', propertyName: t, type: 'text' })
    // Raw JSON, so `__proto__` and escapes arrive exactly as written.
    for (const values of [
      `{"${t}":"a\\u0000b"}`,
      `{"${t}":"x\\ud800"}`,
      `{"${t}":"${'z'.repeat(10_000)}"}`,
      `{"a\\u0000":"x"}`,
      '{"__proto__":"x"}',
      '{"constructor":"x"}',
      `{"${t}":{"nested":true}}`,
    ]) {
      const body = JSON.stringify(customerBody([a1.id])).replace(/}$/, `,"customValues":${values}}`)
      const res = await app.inject({
        method: 'POST',
        url: apiUrl(API.customers.create, { org: orgA.id }),
        headers: { ...owner, 'content-type': 'application/json' },
        payload: body,
      })
      expect(res.statusCode, values.slice(0, 40)).toBe(400)
    }
  })
})

describe('custom fields: per-property merge', () => {
  const putCustomer = (id: string, payload: unknown) =>
    app.inject({
      method: 'PUT',
      url: apiUrl(API.customers.update, { org: orgA.id, id }),
      headers: owner,
      payload: payload as object,
    })

  it('customers: two offline edits of two custom values both survive', async () => {
    const x = prop()
    const y = prop()
    await post({ displayName: 'X', propertyName: x, type: 'text' })
    await post({ displayName: 'Y', propertyName: y, type: 'number' })
    const c = await postCustomer(app, orgA.id, owner, customerBody([a1.id], { customValues: { [x]: 'a', [y]: 1 } }))
    const seen = { [x]: 'a', [y]: 1 }
    const r1 = await putCustomer(c.id, {
      changes: { customValues: { [x]: 'b', [y]: 1 } },
      base: { customValues: seen },
    })
    const r2 = await putCustomer(c.id, {
      changes: { customValues: { [x]: 'a', [y]: 2 } },
      base: { customValues: seen },
    })
    expect(r1.json().conflicts).toEqual([])
    expect(r2.json()).toMatchObject({ customer: { customValues: { [x]: 'b', [y]: 2 } }, conflicts: [] })
  })

  it('customers: a same-property clash keeps the first value and logs customValues.<property>', async () => {
    const x = prop()
    const y = prop()
    await post({ displayName: 'Kleur', propertyName: x, type: 'text' })
    await post({ displayName: 'Y', propertyName: y, type: 'text' })
    const c = await postCustomer(app, orgA.id, owner, customerBody([a1.id], { customValues: { [x]: 'rood' } }))
    const seen = { [x]: 'rood' }
    await putCustomer(c.id, { changes: { customValues: { [x]: 'blauw' } }, base: { customValues: seen } })
    const late = await putCustomer(c.id, {
      changes: { customValues: { [x]: 'groen', [y]: 'extra' } },
      base: { customValues: seen },
    })
    expect(late.statusCode).toBe(200)
    expect(late.json()).toMatchObject({
      customer: { customValues: { [x]: 'blauw', [y]: 'extra' } },
      conflicts: [`customValues.${x}`],
    })
    const log = await app.inject({
      method: 'GET',
      url: apiUrl(API.customers.conflicts, { org: orgA.id, id: c.id }),
      headers: reader.headers,
    })
    expect(log.json()).toHaveLength(1)
    expect(log.json()[0]).toMatchObject({ field: `customValues.${x}`, keptValue: 'blauw', rejectedValue: 'groen' })
  })
})
