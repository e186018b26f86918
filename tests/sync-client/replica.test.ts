import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { v7 as uuidv7 } from 'uuid'
import { describe, expect, it } from 'vitest'
import type { Customer } from '../../contract/customers'
import { ReplicaDb } from '../../src/local-db/db'
import { createCustomer, discardEntry, updateCustomer } from '../../src/local-db/mutations'
import { customer, overlay } from '../../src/local-db/entities/customer'
import { toLocal } from '../../src/local-db/overlay'
import { matchesSearch, queryCustomers } from '../../src/local-db/queries'
import type { LocalCustomer, OutboxEntry, OutboxEntryOf } from '../../src/local-db/types'
import { customerInput } from './harness'

const fresh = () => new ReplicaDb(`unit-${uuidv7()}`, { indexedDB: new IDBFactory(), IDBKeyRange })

describe('replica (no server)', () => {
  it('replica: a create writes the row and its outbox entry together, pending', async () => {
    const db = fresh()
    const salonId = uuidv7()
    const id = await createCustomer(db, customerInput(salonId, { firstName: 'Lotte' }))
    const [entry] = await db.outbox.toArray()
    expect(entry).toMatchObject({ name: 'customer.create', entityId: id, status: 'queued' })
    expect(entry.args).not.toHaveProperty('token')
    expect(await db.customers.get(id)).toMatchObject({ firstName: 'Lotte', _pending: 1, _error: null })
  })

  it('replica: an edit records only the changed fields with the values they were based on', async () => {
    const db = fresh()
    const salonId = uuidv7()
    const id = await createCustomer(db, customerInput(salonId, { city: 'Delft' }))
    const row = (await db.customers.get(id))!
    await updateCustomer(db, id, { ...row, city: 'Gouda', notes: 'VIP' })
    const update = (await db.outbox.toArray()).find((e) => e.name === 'customer.update')!
    expect(update.args).toEqual({ id, changes: { city: 'Gouda', notes: 'VIP' }, base: { city: 'Delft', notes: null } })
    expect((await db.customers.get(id))?.city).toBe('Gouda')
    // Nothing changed → nothing queued.
    await updateCustomer(db, id, { ...(await db.customers.get(id))! })
    expect(await db.outbox.count()).toBe(2)
  })

  it('replica: discarding an unsent change falls back to the server copy', async () => {
    const db = fresh()
    const server = serverRow()
    await db.serverCustomers.put(server)
    await db.customers.put(toLocal(server))
    await updateCustomer(db, server.id, { ...server, city: 'Breda' })
    expect((await db.customers.get(server.id))?._pending).toBe(1)
    const [entry] = await db.outbox.toArray()
    await discardEntry(db, entry.seq!)
    expect(await db.customers.get(server.id)).toMatchObject({ city: 'Zwolle', _pending: 0 })
  })

  it('replica: a pulled customer is written once; an edit stores its server copy, which a newer pull updates under the edit', async () => {
    const db = fresh()
    const server = serverRow()
    const page = (row: Customer) => [
      { entity: 'customer' as const, id: row.id, version: row.version, deleted: false as const, row },
    ]
    await db.transaction('rw', [db.customers, db.serverCustomers, db.outbox], () => customer.apply(db, page(server)))
    // Issue 25: nothing unsent, so no second copy (a fresh tablet's first pull writes each once).
    expect(await db.serverCustomers.count()).toBe(0)
    expect(await db.customers.get(server.id)).toMatchObject({ city: 'Zwolle', _pending: 0 })

    await updateCustomer(db, server.id, { ...server, city: 'Breda' })
    expect(await db.serverCustomers.get(server.id)).toMatchObject({ city: 'Zwolle' })
    const newer = { ...server, notes: 'from the office', version: server.version + 1 }
    await db.transaction('rw', [db.customers, db.serverCustomers, db.outbox], () => customer.apply(db, page(newer)))
    expect(await db.customers.get(server.id)).toMatchObject({ city: 'Breda', notes: 'from the office', _pending: 1 })

    const [entry] = await db.outbox.toArray()
    await discardEntry(db, entry.seq!)
    expect(await db.customers.get(server.id)).toMatchObject({ city: 'Zwolle', notes: 'from the office', _pending: 0 })
    // The copy stored for the edit stays, and later pulls keep it current for the next edit.
    const latest = { ...newer, notes: 'called back', version: newer.version + 1 }
    await db.transaction('rw', [db.customers, db.serverCustomers, db.outbox], () => customer.apply(db, page(latest)))
    await updateCustomer(db, server.id, { ...latest, city: 'Ede' })
    expect(await db.customers.get(server.id)).toMatchObject({ city: 'Ede', notes: 'called back', _pending: 1 })
  })

  it('replica: overlay replays entries in order and marks refused ones', () => {
    const base = serverRow()
    const entries: OutboxEntry[] = [
      entry(1, base.id, { changes: { city: 'A' } }),
      {
        ...entry(2, base.id, { changes: { city: 'B', firstName: 'Z' } }),
        status: 'needsAttention',
        error: { code: 'X', message: 'x' },
      },
    ]
    expect(overlay(base, entries)).toMatchObject({
      city: 'B',
      firstName: 'Z',
      fullName: `Z ${base.lastName}`,
      _pending: 1,
      _error: 'X',
    })
    expect(overlay(undefined, entries)).toBeUndefined()
  })

  it('replica: search matches every word on name, e-mail or phone digits; paging by last name', async () => {
    const c: LocalCustomer = toLocal(serverRow())
    expect(matchesSearch(c, 'eva jans')).toBe(true)
    expect(matchesSearch(c, 'eva@')).toBe(true)
    expect(matchesSearch(c, '612 345')).toBe(true)
    expect(matchesSearch(c, 'bakker')).toBe(false)
    expect(matchesSearch(c, '06-12 (345)')).toBe(true)
    // A word with letters is a name or an e-mail, never a phone number: its digits alone
    // (here 612) must not find this customer.
    expect(matchesSearch(c, 'visser6x12')).toBe(false)

    const db = fresh()
    const salonId = uuidv7()
    for (const last of ['Visser', 'bakker', 'Jansen'])
      await createCustomer(db, customerInput(salonId, { lastName: last }))
    await createCustomer(db, customerInput(uuidv7(), { lastName: 'Elders' }))
    const page1 = await queryCustomers(db, { salonId, pageSize: 2 })
    expect(page1.total).toBe(3)
    expect(page1.items.map((i) => i.lastName)).toEqual(['bakker', 'Jansen'])
    const page2 = await queryCustomers(db, { salonId, pageSize: 2, page: 2 })
    expect(page2.items.map((i) => i.lastName)).toEqual(['Visser'])
  })
})

function serverRow(): Customer {
  return {
    id: uuidv7(),
    organisationId: uuidv7(),
    email: 'eva@example.test',
    firstName: 'Eva',
    lastName: 'Jansen',
    fullName: 'Eva Jansen',
    dateOfBirth: null,
    gender: 'female',
    phoneNumber: '+31612345678',
    alternatePhoneNumber: null,
    address: null,
    city: 'Zwolle',
    zipCode: null,
    notes: null,
    salonIds: [uuidv7()],
    defaultMessagingType: 'email',
    allowedMessagingTypes: ['email'],
    customValues: {},
    deleted: false,
    language: null,
    createdAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
    version: 3,
  }
}

function entry(seq: number, entityId: string, args: Record<string, unknown>): OutboxEntry {
  return {
    seq,
    id: uuidv7(),
    name: 'customer.update',
    args: args as OutboxEntryOf<'customer.update'>['args'],
    entityId,
    status: 'queued',
    error: null,
    createdAt: '',
  }
}
