import { describe, expect, it } from 'vitest'
import { PUSH_MAX_MUTATIONS } from '../../contract/sync'
import { buildTestApp } from '../helpers/app'
import { seedOrganisation } from '../helpers/factories'
import { customerBody } from './customers-fixtures'
import { client, newId, push } from './sync-fixtures'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../helpers/url'

/*
 * Issue 7 #9: one push must not stall every tenant. A push is bounded (PUSH_MAX_MUTATIONS) and
 * lets other requests in between its mutations: on the embedded database a push of 500 used to
 * hold the whole process for seconds, another user's GET employees/me waiting for all of it.
 */
const app = await buildTestApp()
const org = await seedOrganisation(app)
const other = await seedOrganisation(app)
const salonId = org.salons[0].id

const customerMutations = (n: number) => {
  const c = client()
  return {
    clientId: c.clientId,
    mutations: Array.from({ length: n }, () => c.m('customer.create', { ...customerBody([salonId]), id: newId() })),
  }
}

describe('push: bounded and fair', () => {
  it(`a push of more than ${PUSH_MAX_MUTATIONS} mutations is refused (400) and applies nothing`, async () => {
    const res = await push(app, {
      orgId: org.id,
      salonId,
      headers: org.owner.headers,
      ...customerMutations(PUSH_MAX_MUTATIONS + 1),
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().code).toBe('VALIDATION_FAILED')
  })

  it("another organisation's light GET answers while a full push is still running", async () => {
    let pushDone = false
    const running = push(app, {
      orgId: org.id,
      salonId,
      headers: org.owner.headers,
      ...customerMutations(PUSH_MAX_MUTATIONS),
    }).then((res) => {
      pushDone = true
      return res
    })
    await new Promise((r) => setTimeout(r, 30))
    const me = await app.inject({ url: apiUrl(API.employees.me, { org: other.id }), headers: other.owner.headers })
    expect(me.statusCode).toBe(200)
    // The GET did not wait for the push: it answered while the push was still at work.
    expect(pushDone).toBe(false)
    const res = await running
    expect(res.statusCode).toBe(200)
    expect(res.json().results.filter((r: { status: string }) => r.status !== 'applied')).toEqual([])
  })
})
