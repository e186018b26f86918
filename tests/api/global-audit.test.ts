import { describe, expect, it } from 'vitest'
import { API } from '../../contract/endpoints'
import { buildTestApp } from '../helpers/app'
import { bearer, seedOrganisation } from '../helpers/factories'
import { seedGlobalAdmin } from '../helpers/global-admin'
import { apiUrl } from '../helpers/url'

// Issue 23: the platform audit — who did what, across organisations, newest first.
const app = await buildTestApp()
const admin = await seedGlobalAdmin(app)
const audit = (query: Record<string, string | number>, headers: Record<string, string> = admin.headers) =>
  app.inject({ url: apiUrl(API.globalAudit.list, query), headers })

describe('platform audit', () => {
  it('shows a global admin’s sign-in and what they did to an organisation, with names, filtered', async () => {
    // Signed in as a global admin is: the password, the second factor set up, the session opened.
    const gijs = await seedGlobalAdmin(app, { name: 'Gijs' })
    const session = { token: gijs.token, admin: { id: gijs.id } }
    const email = gijs.email
    const org = await seedOrganisation(app)
    await app.inject({
      method: 'POST',
      url: apiUrl(API.globalOrganisations.suspend, { id: org.id }),
      headers: bearer(session.token),
      payload: { reason: 'Looking into a complaint' },
    })

    const mine = (await audit({ actorId: session.admin.id })).json()
    expect(mine.items.map((i: { event: string }) => i.event)).toEqual([
      'organisationSuspend',
      'login',
      'secondFactorSetUp',
    ])
    expect(mine.items[0]).toMatchObject({
      organisation: { id: org.id, name: org.companyName },
      actor: { kind: 'globalAdmin', id: session.admin.id, name: 'Gijs', email },
      data: { reason: 'Looking into a complaint' },
    })
    expect(mine.items[1]).toMatchObject({ organisation: null, actor: { kind: 'globalAdmin', name: 'Gijs' } })

    const ofOrg = (await audit({ organisationId: org.id, event: 'organisationSuspend' })).json()
    expect(ofOrg.items).toHaveLength(1)
    const admins = (await audit({ actorKind: 'globalAdmin', event: 'login' })).json()
    expect(admins.items.some((i: { actor: { id: string } }) => i.actor.id === session.admin.id)).toBe(true)
    // An employee's own sign-in is there too, by their name.
    const staff = (await audit({ organisationId: org.id, actorKind: 'employee' })).json()
    expect(staff.items.every((i: { actor: { kind: string } }) => i.actor.kind === 'employee')).toBe(true)
  })

  it('pages newest first and filters by date range; bad filters are a 400', async () => {
    const org = await seedOrganisation(app)
    for (const reason of ['First reason here', 'Second reason here', 'Third reason here']) {
      const id = org.id
      await app.inject({
        method: 'POST',
        url: apiUrl(API.globalOrganisations.suspend, { id }),
        headers: admin.headers,
        payload: { reason },
      })
      await app.inject({
        method: 'POST',
        url: apiUrl(API.globalOrganisations.reactivate, { id }),
        headers: admin.headers,
      })
    }
    const first = (await audit({ organisationId: org.id, pageSize: 4 })).json()
    expect(first.items).toHaveLength(4)
    expect(first.hasMore).toBe(true)
    expect(first.items[0].event).toBe('organisationReactivate')
    const times = first.items.map((i: { at: string }) => i.at)
    expect([...times].sort().reverse()).toEqual(times)
    const second = (await audit({ organisationId: org.id, pageSize: 4, page: 2 })).json()
    expect(second.items).toHaveLength(2)
    expect(second.hasMore).toBe(false)

    const future = new Date(Date.now() + 86_400_000).toISOString()
    expect((await audit({ organisationId: org.id, from: future })).json().items).toEqual([])
    expect((await audit({ organisationId: org.id, to: future })).json().items).toHaveLength(6)
    expect((await audit({ event: 'noSuchEvent' })).statusCode).toBe(400)
    expect((await audit({ from: 'yesterday' })).statusCode).toBe(400)
    expect((await audit({}, org.owner.headers)).statusCode).toBe(403)
  })
})
