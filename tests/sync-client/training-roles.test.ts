import { describe, expect, it } from 'vitest'
import { API } from '../../contract/endpoints'
import { buildTestApp } from '../helpers/app'
import { seedEmployee, seedOrganisation } from '../helpers/factories'
import { apiUrl } from '../helpers/url'
import { device, listen, network } from './harness'

// Trainings shown by role (issue 24) follow a grant change at the replica's next pull, as the team
// does (employees/team-versions.ts): a role taken away withdraws the course, a role given sends it.
const app = await buildTestApp()
const apiBase = await listen(app)

async function setUp() {
  const org = await seedOrganisation(app)
  const salonId = org.salons[0].id
  const h = org.owner.headers
  const role = async (name: string): Promise<string> => {
    const res = await app.inject({
      method: 'POST',
      url: apiUrl(API.roles.create, { org: org.id }),
      headers: h,
      payload: { name: `${name} ${Math.random().toString(36).slice(2)}`, permissions: [] },
    })
    expect(res.statusCode).toBe(201)
    return res.json().id
  }
  const stylistRole = await role('Stylist')
  const colouristRole = await role('Colourist')
  const learner = await seedEmployee(app, { organisationId: org.id, salonIds: [salonId], roleId: stylistRole })
  const title = 'Kleuren voor coloristen'
  const course = (
    await app.inject({
      method: 'POST',
      url: apiUrl(API.trainings.createCourse, { org: org.id }),
      headers: h,
      payload: { title, roleIds: [colouristRole] },
    })
  ).json()
  const courseId = course.id as string
  const setRole = async (roleId: string) => {
    const res = await app.inject({
      method: 'PUT',
      url: apiUrl(API.employees.update, { org: org.id, id: learner.id }),
      headers: h,
      payload: { access: [{ salonId, roleId }] },
    })
    expect(res.statusCode).toBe(200)
  }
  const showTo = async (roleId: string) => {
    const res = await app.inject({
      method: 'PUT',
      url: apiUrl(API.trainings.updateCourse, { org: org.id, id: courseId }),
      headers: h,
      payload: { title, roleIds: [roleId] },
    })
    expect(res.statusCode).toBe(200)
  }
  const d = device({ apiBase, orgId: org.id, salonId, token: learner.token, fetch: network().fetch })
  const onReplica = async () => (await d.db.trainingCourses.get(courseId))?.title
  return { d, stylistRole, colouristRole, setRole, showTo, onReplica }
}

describe('sync engine: trainings follow role changes', () => {
  it('a role given sends the course at the next pull; taken away, the course leaves the replica', async () => {
    const { d, stylistRole, colouristRole, setRole, onReplica } = await setUp()
    expect(await d.engine.syncOnce()).toBe('idle')
    expect(await onReplica()).toBeUndefined()

    await setRole(colouristRole)
    expect(await d.engine.syncOnce()).toBe('idle')
    expect(await onReplica()).toBe('Kleuren voor coloristen')

    await setRole(stylistRole)
    expect(await d.engine.syncOnce()).toBe('idle')
    expect(await onReplica()).toBeUndefined()
  })

  it("a course's roles changed: it reaches the role it now shows to and leaves the one it no longer does", async () => {
    const { d, stylistRole, colouristRole, showTo, onReplica } = await setUp()
    expect(await d.engine.syncOnce()).toBe('idle')
    expect(await onReplica()).toBeUndefined()

    await showTo(stylistRole)
    expect(await d.engine.syncOnce()).toBe('idle')
    expect(await onReplica()).toBe('Kleuren voor coloristen')

    await showTo(colouristRole)
    expect(await d.engine.syncOnce()).toBe('idle')
    expect(await onReplica()).toBeUndefined()
  })
})
