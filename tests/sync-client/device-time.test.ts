import { describe, expect, it } from 'vitest'
import type { EmployeeActivityPage } from '../../contract/employees'
import { createCustomer } from '../../src/local-db/mutations'
import { buildTestApp } from '../helpers/app'
import { seedOrganisation } from '../helpers/factories'
import { customerInput, device, listen, network } from './harness'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../helpers/url'

// The device time of an offline change reaches the employee activity log through the real engine.
const app = await buildTestApp()
const apiBase = await listen(app)

describe('sync engine: device time', () => {
  it('sync: a change made offline reaches the activity log with the time it was made on the device', async () => {
    const org = await seedOrganisation(app)
    const salonId = org.salons[0].id
    const net = network()
    const { db, engine } = device({ apiBase, orgId: org.id, salonId, token: org.owner.token, fetch: net.fetch })
    net.up = false
    const id = await createCustomer(db, customerInput(salonId, { firstName: 'Offline' }))
    expect(await engine.syncOnce()).toBe('offline')
    // Made two hours before the tablet came back online.
    const madeAt = new Date(Date.now() - 2 * 3_600_000).toISOString()
    const [entry] = await db.outbox.toArray()
    await db.outbox.update(entry.seq as number, { createdAt: madeAt })
    net.up = true
    expect(await engine.syncOnce()).toBe('idle')

    const res = await app.inject({
      method: 'POST',
      url: apiUrl(API.employees.activities, { org: org.id }),
      headers: org.owner.headers,
      payload: { type: 'customerCreate' },
    })
    const page = res.json() as EmployeeActivityPage
    const logged = page.items.find((i) => i.contacted?.customerId === id)
    expect(logged?.occurredAt).toBe(madeAt)
    expect(Date.parse(logged?.receivedAt ?? '')).toBeGreaterThan(Date.parse(madeAt))
  })
})
