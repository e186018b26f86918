import { describe, expect, it } from 'vitest'
import { API } from '../../contract/endpoints'
import { recordProgress } from '../../src/local-db/training-progress'
import { buildTestApp } from '../helpers/app'
import { seedEmployee, seedOrganisation } from '../helpers/factories'
import { apiUrl } from '../helpers/url'
import { device, listen, network } from './harness'

// Certificates in the replica (issue 24), against the real server over HTTP: a course completed
// offline is certified when the completion reaches the server, and the certificate is pulled back.
const app = await buildTestApp()
const apiBase = await listen(app)

describe('sync engine: training certificates', () => {
  it('a course completed offline: certified on arrival, the certificate in the replica after the sync', async () => {
    const org = await seedOrganisation(app)
    const salonId = org.salons[0].id
    const learner = await seedEmployee(app, { organisationId: org.id, salonIds: [salonId], permissions: [] })
    const h = org.owner.headers
    const course = (
      await app.inject({
        method: 'POST',
        url: apiUrl(API.trainings.createCourse, { org: org.id }),
        headers: h,
        payload: { title: 'Kleuren' },
      })
    ).json()
    const module = (
      await app.inject({
        method: 'POST',
        url: apiUrl(API.trainings.createModule, { org: org.id, id: course.id }),
        headers: h,
        payload: { title: 'Basis', segments: [{ kind: 'text', title: 'Een', text: '<p>een</p>' }] },
      })
    ).json()
    const net = network()
    const tablet = device({ apiBase, orgId: org.id, salonId, token: learner.token, fetch: net.fetch })
    await tablet.engine.syncOnce()
    net.up = false
    await recordProgress(tablet.db, learner.id, {
      courseId: course.id,
      segmentId: module.segments[0].id,
      completed: true,
    })
    expect(await tablet.engine.syncOnce()).toBe('offline')
    expect(await tablet.db.trainingCertificates.count()).toBe(0)
    net.up = true
    expect(await tablet.engine.syncOnce()).toBe('idle')
    const certificates = await tablet.db.trainingCertificates.toArray()
    expect(certificates).toEqual([
      expect.objectContaining({ courseId: course.id, courseTitle: 'Kleuren', employeeId: learner.id }),
    ])
    const listed = await app.inject({
      url: apiUrl(API.trainings.certificates, { org: org.id }),
      headers: learner.headers,
    })
    expect(certificates).toEqual(listed.json())
  })
})
