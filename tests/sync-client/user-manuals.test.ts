import { describe, expect, it } from 'vitest'
import { API } from '../../contract/endpoints'
import { searchManuals, searchWords } from '../../contract/trainings/search'
import { buildTestApp } from '../helpers/app'
import { seedEmployee, seedOrganisation } from '../helpers/factories'
import { seedGlobalAdmin } from '../helpers/global-admin'
import { apiUrl } from '../helpers/url'
import { device, listen, network } from './harness'

// The user manuals on the device (issue 24), against the real server over HTTP: the sync worker
// asks with the version it holds after a pull; a new, changed or deleted manual reaches the copy,
// an unchanged set sends nothing, and offline the copy is read and searched as it is.
const app = await buildTestApp()
const apiBase = await listen(app)
const admin = await seedGlobalAdmin(app)
const org = await seedOrganisation(app)
const salonId = org.salons[0].id
const reader = await seedEmployee(app, { organisationId: org.id, salonIds: [salonId], permissions: [] })

const write = async (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => {
  const res = await app.inject({ method, url, headers: admin.headers, ...(payload ? { payload } : {}) })
  expect(res.statusCode, res.body).toBeLessThan(300)
  return res.body ? res.json() : undefined
}

describe('sync engine: user manuals read offline', () => {
  it('a new, changed and deleted manual reach the copy at the next sync; unchanged, nothing is sent again', async () => {
    const net = network()
    const d = device({
      apiBase,
      orgId: org.id,
      salonId,
      token: reader.token,
      fetch: net.fetch,
      more: { manualsCheckMs: 0 },
    })
    expect(await d.engine.syncOnce()).toBe('idle')
    expect(await d.db.userManuals.count()).toBe(0)

    const course = await write('POST', apiUrl(API.userManuals.createCourse), {
      title: 'Klanten',
      titleEn: 'Customers',
    })
    const module = await write('POST', apiUrl(API.userManuals.createModule, { id: course.id }), {
      title: 'Zoeken',
      segments: [
        { kind: 'text', slug: 'customers-search', title: 'Klanten zoeken', text: '<p>Typ een naam of e-mail</p>' },
      ],
    })
    expect(await d.engine.syncOnce()).toBe('idle')
    const held = await d.db.userManuals.get(course.id)
    expect(held?.modules[0].segments[0]).toMatchObject({
      slug: 'customers-search',
      text: '<p>Typ een naam of e-mail</p>',
    })

    // Nothing changed: the server answers the version held without the manuals.
    const version = await d.db.getMeta<string>('userManualsVersion')
    const again = await app.inject({ url: apiUrl(API.userManuals.offline, { version }), headers: reader.headers })
    expect(again.json()).toEqual({ version, courses: null })
    expect(await d.engine.syncOnce()).toBe('idle')
    expect(await d.db.getMeta('userManualsVersion')).toBe(version)

    await write('PUT', apiUrl(API.userManuals.updateModule, { id: course.id, moduleId: module.id }), {
      title: 'Zoeken',
      segments: [
        {
          id: module.segments[0].id,
          kind: 'text',
          slug: 'customers-search',
          title: 'Klanten zoeken',
          text: '<p>Typ een naam, e-mail of telefoonnummer</p>',
        },
      ],
    })
    expect(await d.engine.syncOnce()).toBe('idle')
    expect((await d.db.userManuals.get(course.id))?.modules[0].segments[0].text).toContain('telefoonnummer')

    // Offline: the copy answers a search as the server would (every word, accents and case aside).
    net.up = false
    expect(await d.engine.syncOnce()).toBe('offline')
    const offline = searchManuals(await d.db.userManuals.toArray(), searchWords('TELEFÖÖN klanten'))
    expect(offline.map((c) => c.hits?.map((h) => h.slug))).toEqual([['customers-search']])
    net.up = true

    await write('DELETE', apiUrl(API.userManuals.removeCourse, { id: course.id }))
    expect(await d.engine.syncOnce()).toBe('idle')
    expect(await d.db.userManuals.count()).toBe(0)
  })

  it('the offline search finds what the server search finds', async () => {
    const course = await write('POST', apiUrl(API.userManuals.createCourse), {
      title: 'Afspraken',
      titleEn: 'Appointments',
    })
    await write('POST', apiUrl(API.userManuals.createModule, { id: course.id }), {
      title: 'Agenda',
      segments: [
        { kind: 'text', title: 'Een afspraak verzetten', text: '<p>Sleep de afspraak naar een ander tijdstip</p>' },
      ],
    })
    const d = device({ apiBase, orgId: org.id, salonId, token: reader.token, fetch: network().fetch })
    expect(await d.engine.syncOnce()).toBe('idle')
    for (const q of ['afspraak tijdstip', 'appointments', 'SLEEP agenda', 'geen treffer']) {
      const online = (
        await app.inject({ url: apiUrl(API.userManuals.listCourses, { q }), headers: reader.headers })
      ).json()
      const local = searchManuals(await d.db.userManuals.toArray(), searchWords(q))
      expect(local.map((c) => [c.id, c.hits])).toEqual(online.map((c: { id: string; hits: unknown }) => [c.id, c.hits]))
    }
  })

  it('checked every 10 minutes, or at once when the manual screen asks', async () => {
    const d = device({ apiBase, orgId: org.id, salonId, token: reader.token, fetch: network().fetch })
    expect(await d.engine.syncOnce()).toBe('idle')
    const course = await write('POST', apiUrl(API.userManuals.createCourse), { title: 'Rapporten' })
    expect(await d.engine.syncOnce()).toBe('idle')
    expect(await d.db.userManuals.get(course.id)).toBeUndefined()
    d.engine.checkManualsNow()
    expect(await d.engine.syncOnce()).toBe('idle')
    expect((await d.db.userManuals.get(course.id))?.title).toBe('Rapporten')
  })
})
