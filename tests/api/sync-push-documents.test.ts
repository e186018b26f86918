import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { consentEvidence, customerDocuments } from '../../server/db/schema'
import { buildTestApp } from '../helpers/app'
import { insertCustomer } from '../helpers/auth'
import { seedEmployee, seedOrganisation } from '../helpers/factories'
import { seedCustomerDocument, seedDocument } from '../documents/fixtures'
import { client, newId, pull, push } from './sync-fixtures'

// The tablet hands a consent form over offline (issue 12): whatever order its outbox arrives in,
// and however often, the result is one customer document and one evidence record.
const dataDir = mkdtempSync(path.join(tmpdir(), 'sync-documents-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))
const app = await buildTestApp({ dataDir })
const org = await seedOrganisation(app, { salons: 2 })
const [s1, s2] = org.salons
const anna = await insertCustomer(app, { organisationId: org.id, salonIds: [s1.id] })
const staff = await seedEmployee(app, {
  organisationId: org.id,
  salonIds: [s1.id],
  permissions: ['readCustomers', 'manageCustomers'],
})
const reader = await seedEmployee(app, { organisationId: org.id, salonIds: [s1.id], permissions: ['readCustomers'] })
const consent = await seedDocument(app, org.id)

const PNG_URL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII='
const deviceTime = '2026-11-23T09:00:00.000Z'
const handOver = { documentId: consent.documentId, versionId: consent.versionId, name: consent.name, versionNumber: 1 }
const accepted = (id: string, withHandOver = true) => ({
  id,
  customerId: anna.id,
  salonId: s1.id,
  status: 'accepted',
  signature: PNG_URL,
  typedName: 'Sanne Jansen',
  deviceTime,
  deviceName: 'Salon tablet',
  ...(withHandOver ? { handOver } : {}),
})
const seen = (id: string) => ({ id, customerId: anna.id, salonId: s1.id, status: 'seen', deviceTime, handOver })
const rows = (id: string) => app.db.select().from(customerDocuments).where(eq(customerDocuments.id, id))
const evidence = (id: string) => app.db.select().from(consentEvidence).where(eq(consentEvidence.customerDocumentId, id))
const pushAs = (
  c: ReturnType<typeof client>,
  mutations: ReturnType<ReturnType<typeof client>['m']>[],
  headers = staff.headers,
) => push(app, { orgId: org.id, salonId: s1.id, headers, clientId: c.clientId, mutations })

describe('sync push: customerDocument.respond', () => {
  it('a hand-over signed offline arrives once: the same entry twice is a duplicate, one row, one evidence', async () => {
    const c = client()
    const id = newId()
    const m = c.m('customerDocument.respond', accepted(id))
    const first = await pushAs(c, [m])
    expect(first.json().results[0]).toMatchObject({
      status: 'applied',
      result: {
        id,
        status: 'accepted',
        channel: 'tablet',
        evidence: { channel: 'tablet', takenByName: 'Test Employee' },
      },
    })
    expect((await pushAs(c, [m])).json().results[0].status).toBe('duplicate')
    expect(await rows(id)).toHaveLength(1)
    expect(await evidence(id)).toHaveLength(1)
    // The branch's replicas get it through the feed.
    const feed = (await pull(app, { orgId: org.id, salonId: s1.id, headers: staff.headers })).json()
    expect(
      feed.changes.find(
        (ch: { entity: string; row?: { id: string } }) => ch.entity === 'customerDocument' && ch.row?.id === id,
      ),
    ).toMatchObject({ row: { status: 'accepted', evidence: { decision: 'accepted' } } })
  })

  it('seen and accepted for a hand-over in one push, in either order: one row, accepted, one evidence', async () => {
    for (const order of ['seenFirst', 'acceptedFirst'] as const) {
      const c = client()
      const id = newId()
      const ms = [c.m('customerDocument.respond', seen(id)), c.m('customerDocument.respond', accepted(id))]
      if (order === 'acceptedFirst') {
        ms.reverse()
        ms.forEach((m, i) => {
          m.seq = i
        })
      }
      const res = await pushAs(c, ms)
      expect(
        res.json().results.map((r: { status: string }) => r.status),
        order,
      ).toEqual(['applied', 'applied'])
      const [row] = await rows(id)
      expect(row).toMatchObject({ status: 'accepted', channel: 'tablet' })
      expect(row!.seenAt).not.toBeNull()
      expect(await evidence(id)).toHaveLength(1)
    }
  })

  it('the same answer as a second entry (another tablet retried it) answers the stored row, one evidence', async () => {
    const id = newId()
    const c1 = client()
    const c2 = client()
    await pushAs(c1, [c1.m('customerDocument.respond', accepted(id))])
    const second = await pushAs(c2, [c2.m('customerDocument.respond', accepted(id))])
    expect(second.json().results[0]).toMatchObject({ status: 'applied', result: { id, status: 'accepted' } })
    expect(await evidence(id)).toHaveLength(1)
    const declined = await pushAs(c2, [c2.m('customerDocument.respond', { ...accepted(id), status: 'declined' })])
    expect(declined.json().results[0]).toMatchObject({ status: 'rejected', code: 'DOCUMENT_ALREADY_ANSWERED' })
  })

  it('a consent form sent before is answered on the tablet without a hand-over', async () => {
    const id = await seedCustomerDocument(app, {
      organisationId: org.id,
      salonId: s1.id,
      customerId: anna.id,
      documentId: consent.documentId,
      versionId: consent.versionId,
    })
    const c = client()
    const res = await pushAs(c, [c.m('customerDocument.respond', accepted(id, false))])
    expect(res.json().results[0]).toMatchObject({
      status: 'applied',
      result: { id, status: 'accepted', channel: 'inApp' },
    })
    expect(await evidence(id)).toHaveLength(1)
  })

  it('refused, storing nothing: without the right, another branch, an unknown row without a hand-over, a bad signature', async () => {
    const cases: [Record<string, string>, object, string][] = [
      [reader.headers, accepted(newId()), 'FORBIDDEN'],
      [staff.headers, { ...accepted(newId()), salonId: s2.id }, 'FORBIDDEN'],
      [staff.headers, accepted(newId(), false), 'CUSTOMER_DOCUMENT_NOT_FOUND'],
      [
        staff.headers,
        { ...accepted(newId()), signature: 'data:image/png;base64,R0lGODlhAQABAAAAADs=' },
        'VALIDATION_FAILED',
      ],
      [staff.headers, { ...accepted(newId()), handOver: { ...handOver, versionId: newId() } }, 'DOCUMENT_NOT_FOUND'],
    ]
    for (const [headers, args, code] of cases) {
      const c = client()
      const res = await pushAs(c, [c.m('customerDocument.respond', args)], headers)
      expect(res.json().results[0], code).toMatchObject({ status: 'rejected', code })
      expect(await rows((args as { id: string }).id)).toHaveLength(0)
    }
  })
})
