import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { consentEvidence, customerDocuments } from '../../server/db/schema'
import { respondLocally } from '../../src/local-db/customer-documents'
import { buildTestApp } from '../helpers/app'
import { seedOrganisation } from '../helpers/factories'
import { seedDocument } from '../documents/fixtures'
import { customerInput, device, listen, network } from './harness'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../helpers/url'

// A consent form handed over and signed on the tablet offline (issue 12), against the real server.
const dataDir = mkdtempSync(path.join(tmpdir(), 'sync-client-documents-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))
const app = await buildTestApp({ dataDir })
const apiBase = await listen(app)
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII='

describe('sync engine: customer documents', () => {
  it('signed offline: pending in the replica, pushed once even when the answer is lost, pulled into a second device', async () => {
    const org = await seedOrganisation(app)
    const net = network()
    const salonId = org.salons[0].id
    const created = await app.inject({
      method: 'POST',
      url: apiUrl(API.customers.create, { org: org.id }),
      headers: { authorization: `Bearer ${org.owner.token}` },
      payload: customerInput(salonId),
    })
    const customerId = created.json().id as string
    const consent = await seedDocument(app, org.id)
    const make = () => device({ apiBase, orgId: org.id, salonId, token: org.owner.token, fetch: net.fetch })
    const a = make()
    const b = make()
    await a.engine.syncOnce()
    await b.engine.syncOnce()
    expect(await a.db.documentVersions.get(consent.versionId)).toMatchObject({ documentId: consent.documentId })

    net.up = false
    const id = '0190c0de-1111-7000-8000-000000000001'
    const base = {
      id,
      customerId,
      salonId,
      deviceTime: new Date().toISOString(),
      handOver: {
        documentId: consent.documentId,
        versionId: consent.versionId,
        kind: 'consentForm' as const,
        name: consent.name,
        versionNumber: 1,
      },
    }
    await respondLocally(a.db, { ...base, status: 'seen' })
    await respondLocally(a.db, { ...base, status: 'accepted', signature: PNG, typedName: 'Sanne Jansen' })
    expect(await a.db.customerDocuments.get(id)).toMatchObject({
      _pending: 1,
      status: 'accepted',
      channel: 'tablet',
      name: consent.name,
    })
    expect(await a.engine.syncOnce()).toBe('offline')

    net.up = true
    net.loseNextPushResponses = 1
    await a.engine.syncOnce().catch(() => undefined)
    expect(await a.engine.syncOnce()).toBe('idle')
    expect(await a.db.outbox.count()).toBe(0)
    expect(await a.db.customerDocuments.get(id)).toMatchObject({
      _pending: 0,
      status: 'accepted',
      evidence: { channel: 'tablet' },
    })
    expect(await app.db.select().from(customerDocuments).where(eq(customerDocuments.id, id))).toHaveLength(1)
    expect(await app.db.select().from(consentEvidence).where(eq(consentEvidence.customerDocumentId, id))).toHaveLength(
      1,
    )

    expect(await b.engine.syncOnce()).toBe('idle')
    expect(await b.db.customerDocuments.get(id)).toMatchObject({ _pending: 0, status: 'accepted' })
  })
})
