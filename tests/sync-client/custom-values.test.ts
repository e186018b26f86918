import { describe, expect, it } from 'vitest'
import { createCustomer, updateCustomer } from '../../src/local-db/mutations'
import { buildTestApp } from '../helpers/app'
import { seedOrganisation } from '../helpers/factories'
import { customerInput, device, listen, network } from './harness'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../helpers/url'

// Issue 10: custom values sync like the other customer fields, merged property by property.
const app = await buildTestApp()
const apiBase = await listen(app)

async function setup() {
  const org = await seedOrganisation(app)
  const net = network()
  const salonId = org.salons[0].id
  for (const [displayName, propertyName, type, options] of [
    ['Huidtype', 'skinType', 'option', ['Droog', 'Vet', 'Gemengd']],
    ['Allergie', 'allergy', 'text', []],
    ['Nieuwsbrief', 'newsletter', 'boolean', []],
  ] as const) {
    const res = await app.inject({
      method: 'POST',
      url: apiUrl(API.customFields.create, { org: org.id }),
      headers: org.owner.headers,
      payload: { displayName, propertyName, type, options },
    })
    expect(res.statusCode).toBe(201)
  }
  const make = () => device({ apiBase, orgId: org.id, salonId, token: org.owner.token, fetch: net.fetch })
  return { org, net, salonId, make }
}

describe('sync: custom values', () => {
  it('sync: the custom field definitions reach the replica, a deleted one leaves it', async () => {
    const { org, make } = await setup()
    const one = make()
    await one.engine.syncOnce()
    const held = (await one.db.customFields.toArray()).map((f) => f.propertyName).sort()
    expect(held).toEqual(['allergy', 'newsletter', 'skinType'])
    const allergy = (await one.db.customFields.toArray()).find((f) => f.propertyName === 'allergy')!
    await app.inject({
      method: 'DELETE',
      url: apiUrl(API.customFields.remove, { org: org.id, id: allergy.id }),
      headers: org.owner.headers,
    })
    await one.engine.syncOnce()
    expect(await one.db.customFields.get(allergy.id)).toBeUndefined()
  })

  it('sync: offline edits of two custom values on two tablets both survive; one property clashes', async () => {
    const { net, salonId, make } = await setup()
    const one = make()
    const two = make()
    const id = await createCustomer(
      one.db,
      customerInput(salonId, { customValues: { skinType: 'Droog', allergy: 'noten' } }),
    )
    await one.engine.syncOnce()
    await two.engine.syncOnce()
    const seen = (await two.db.customers.get(id))!
    expect(seen.customValues).toEqual({ skinType: 'Droog', allergy: 'noten' })

    // Both tablets offline, each changes another custom value; both also change `allergy`.
    net.up = false
    await updateCustomer(one.db, id, {
      ...seen,
      customValues: { ...seen.customValues, skinType: 'Vet', allergy: 'latex' },
    })
    await updateCustomer(two.db, id, {
      ...seen,
      customValues: { ...seen.customValues, newsletter: true, allergy: 'pollen' },
    })
    // The unsent edit shows on its own tablet at once.
    expect((await two.db.customers.get(id))!.customValues).toEqual({
      skinType: 'Droog',
      allergy: 'pollen',
      newsletter: true,
    })
    net.up = true
    await one.engine.syncOnce()
    await two.engine.syncOnce()
    await one.engine.syncOnce()

    for (const d of [one, two]) {
      const row = (await d.db.customers.get(id))!
      // skinType from tablet one, newsletter from tablet two; allergy: the first committed value.
      expect(row.customValues).toEqual({ skinType: 'Vet', allergy: 'latex', newsletter: true })
      expect(row._pending).toBe(0)
    }
    const conflicts = await two.db.customerConflicts.where('customerId').equals(id).toArray()
    expect(conflicts).toHaveLength(1)
    expect(conflicts[0]).toMatchObject({ field: 'customValues.allergy', keptValue: 'latex', rejectedValue: 'pollen' })
    // Pushed once: nothing is left in either outbox.
    expect(await one.db.outbox.count()).toBe(0)
    expect(await two.db.outbox.count()).toBe(0)
  })

  it('sync: an unsent custom value stays visible while another tablet’s value of another property arrives', async () => {
    const { salonId, make } = await setup()
    const one = make()
    const two = make()
    const id = await createCustomer(one.db, customerInput(salonId, { customValues: { skinType: 'Droog' } }))
    await one.engine.syncOnce()
    await two.engine.syncOnce()
    const seen = (await two.db.customers.get(id))!
    await updateCustomer(one.db, id, { ...seen, customValues: { ...seen.customValues, allergy: 'latex' } })
    await one.engine.syncOnce()
    // Before tablet two pushes, its pull brings tablet one's value in beside its own unsent one.
    await updateCustomer(two.db, id, { ...seen, customValues: { ...seen.customValues, skinType: 'Vet' } })
    await two.engine.pullAll()
    const row = (await two.db.customers.get(id))!
    expect(row.customValues).toEqual({ skinType: 'Vet', allergy: 'latex' })
    expect(row._pending).toBe(1)
  })
})
