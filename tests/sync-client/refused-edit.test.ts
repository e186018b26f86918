import { describe, expect, it } from 'vitest'
import type { Customer } from '../../contract/customers'
import { syncPill } from '../../src/features/sync/use-sync-status'
import type { ReplicaDb } from '../../src/local-db/db'
import { createCustomer, discardEntry, updateCustomer } from '../../src/local-db/mutations'
import type { SyncStatus } from '../../src/local-db/types'
import { buildTestApp } from '../helpers/app'
import { seedOrganisation } from '../helpers/factories'
import { customerInput, device, listen, network } from './harness'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../helpers/url'

// Issue 7 #2: a customer edit the server refuses (e-mail taken) must not swallow later edits.
// The refused change is replaced by the corrected one, discarding goes back to the server's
// values, and nothing reads as synced while a value exists only on this device.
const app = await buildTestApp()
const apiBase = await listen(app)

/** The header pill as every tab computes it from the replica (useSyncStatus). */
async function pill(db: ReplicaDb) {
  const state = (await db.getMeta<SyncStatus>('status'))?.state ?? 'idle'
  const attention = await db.outbox.where('status').equals('needsAttention').count()
  return syncPill({ state, online: true, total: await db.outbox.count(), attention }).kind
}

async function setup() {
  const org = await seedOrganisation(app)
  const net = network()
  const salonId = org.salons[0].id
  const { db, engine } = device({ apiBase, orgId: org.id, salonId, token: org.owner.token, fetch: net.fetch })
  // A colleague's customer whose e-mail is the one typed by mistake.
  const other = await app.inject({
    method: 'POST',
    url: apiUrl(API.customers.create, { org: org.id }),
    headers: { authorization: `Bearer ${org.owner.token}` },
    payload: customerInput(salonId),
  })
  const takenEmail = (other.json() as Customer).email
  const id = await createCustomer(db, customerInput(salonId, { city: 'Utrecht' }))
  await engine.syncOnce()
  expect(await db.outbox.count()).toBe(0)
  const onServer = async () => {
    const res = await app.inject({
      url: apiUrl(API.customers.get, { org: org.id, id }),
      headers: { authorization: `Bearer ${org.owner.token}` },
    })
    return res.json() as Customer
  }
  const conflictsOnServer = async () => {
    const res = await app.inject({
      url: apiUrl(API.customers.conflicts, { org: org.id, id }),
      headers: { authorization: `Bearer ${org.owner.token}` },
    })
    expect(res.statusCode).toBe(200)
    return res.json() as unknown[]
  }
  return { db, engine, net, id, takenEmail, onServer, conflictsOnServer }
}

describe('a refused customer edit', () => {
  it('is replaced by the corrected edit, which is sent with the whole edit and no false conflict', async () => {
    const { db, engine, id, takenEmail, onServer, conflictsOnServer } = await setup()
    const shown = (await db.customers.get(id))!
    // One save: a taken e-mail and a new city.
    const afterFirst = (await updateCustomer(db, id, { ...shown, email: takenEmail, city: 'Haarlem' }, shown))!
    await engine.syncOnce()
    const [refused] = await db.outbox.toArray()
    expect(refused.status).toBe('needsAttention')
    expect(refused.error?.code).toBe('CUSTOMER_EMAIL_TAKEN')
    // Shown in place: the row keeps the typed values, marked as not synced.
    const row = (await db.customers.get(id))!
    expect(row).toMatchObject({ email: takenEmail, city: 'Haarlem', _pending: 1, _error: 'CUSTOMER_EMAIL_TAKEN' })
    expect(await pill(db)).toBe('attention')

    // The receptionist corrects the e-mail in the same form (the city still says Haarlem).
    await updateCustomer(db, id, { ...afterFirst, email: 'corrected@example.test', city: 'Haarlem' }, afterFirst)
    const entries = await db.outbox.toArray()
    expect(entries).toHaveLength(1)
    expect(entries[0].status).toBe('queued')
    expect((entries[0].args as { changes?: unknown }).changes).toEqual({
      email: 'corrected@example.test',
      city: 'Haarlem',
    })
    // Based on what the user saw before the refused change, not on the refused value.
    expect((entries[0].args as { base?: unknown }).base).toEqual({ email: shown.email, city: 'Utrecht' })
    // Replaced, not yet sent: waiting, not "needs attention" and not "synced".
    expect(await pill(db)).toBe('waiting')

    await engine.syncOnce()
    expect(await db.outbox.count()).toBe(0)
    expect(await onServer()).toMatchObject({ email: 'corrected@example.test', city: 'Haarlem' })
    expect(await conflictsOnServer()).toEqual([])
    expect(await db.customerConflicts.count()).toBe(0)
    expect((await db.customers.get(id))?._pending).toBe(0)
    expect(await pill(db)).toBe('synced')
  })

  it('discarding it puts the replica back on the server values', async () => {
    const { db, engine, id, takenEmail, onServer } = await setup()
    const shown = (await db.customers.get(id))!
    await updateCustomer(db, id, { ...shown, email: takenEmail, city: 'Haarlem' }, shown)
    await engine.syncOnce()
    const [refused] = await db.outbox.toArray()
    await discardEntry(db, refused.seq!)
    const server = await onServer()
    const row = (await db.customers.get(id))!
    expect(await db.outbox.count()).toBe(0)
    expect(row).toMatchObject({ email: server.email, city: 'Utrecht', _pending: 0, _error: null })
    // Synced is true now: the replica holds exactly the server's values.
    expect(await pill(db)).toBe('synced')
  })

  it('later edits made on top of it wait with it instead of reaching the server as a false clash', async () => {
    const { db, engine, net, id, takenEmail, onServer, conflictsOnServer } = await setup()
    const shown = (await db.customers.get(id))!
    net.up = false
    const one = (await updateCustomer(db, id, { ...shown, email: takenEmail }, shown))!
    // A second save while still offline: the e-mail once more (a typo fixed) and the notes.
    const two = (await updateCustomer(db, id, { ...one, email: `x${takenEmail}`, notes: 'allergic' }, one))!
    await updateCustomer(db, id, { ...two, email: takenEmail }, two)
    net.up = true
    await engine.syncOnce()
    // One refused change holding all three saves; nothing of it reached the server.
    const entries = await db.outbox.toArray()
    expect(entries).toHaveLength(1)
    expect(entries[0].status).toBe('needsAttention')
    expect((entries[0].args as { changes?: unknown }).changes).toEqual({ email: takenEmail, notes: 'allergic' })
    expect((entries[0].args as { base?: unknown }).base).toEqual({ email: shown.email, notes: null })
    expect(await conflictsOnServer()).toEqual([])
    expect((await onServer()).notes).toBeNull()
    // Not synced: the notes exist only on this device.
    expect((await db.customers.get(id))?._pending).toBe(1)
    expect(await pill(db)).toBe('attention')

    const row = (await db.customers.get(id))!
    await updateCustomer(db, id, { ...row, email: 'right@example.test' }, row)
    await engine.syncOnce()
    expect(await db.outbox.count()).toBe(0)
    expect(await onServer()).toMatchObject({ email: 'right@example.test', notes: 'allergic' })
    expect(await conflictsOnServer()).toEqual([])
  })

  it('a form left open while another device changed a field does not send that field back', async () => {
    const { db, engine, id, onServer } = await setup()
    const shown = (await db.customers.get(id))!
    // Meanwhile the server copy changes (another tablet) and is pulled into this replica.
    const other = device({
      apiBase,
      orgId: shown.organisationId,
      salonId: shown.salonIds[0],
      token: (engine as unknown as { token: string }).token,
      fetch: network().fetch,
    })
    await other.engine.syncOnce()
    const seen = (await other.db.customers.get(id))!
    await updateCustomer(other.db, id, { ...seen, city: 'Leiden' }, seen)
    await other.engine.syncOnce()
    await engine.syncOnce()
    expect((await db.customers.get(id))?.city).toBe('Leiden')
    // The form still holds Utrecht (what it was filled with); only the first name was changed.
    await updateCustomer(db, id, { ...shown, firstName: 'Bea' }, shown)
    await engine.syncOnce()
    expect(await onServer()).toMatchObject({ firstName: 'Bea', city: 'Leiden' })
  })
})
