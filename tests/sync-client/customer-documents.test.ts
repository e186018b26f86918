import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { consentEvidence, customerDocuments } from '../../server/db/schema'
import { respondLocally } from '../../src/local-db/customer-documents'
import { buildTestApp } from '../helpers/app'
import { PNG_DATA_URL, tempDataDir } from '../helpers/files'
import { seedDocument } from '../documents/fixtures'
import { device, listen, network, organisationWithCustomer } from './harness'

// A consent form handed over and signed on the tablet offline (issue 12), against the real server.
const dataDir = tempDataDir('sync-client-documents-')
const app = await buildTestApp({ dataDir })
const apiBase = await listen(app)

describe('sync engine: customer documents', () => {
  it('signed offline: pending in the replica, pushed once even when the answer is lost, pulled into a second device', async () => {
    const { org, salonId, customerId } = await organisationWithCustomer(app)
    const net = network()
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
    await respondLocally(a.db, { ...base, status: 'accepted', signature: PNG_DATA_URL, typedName: 'Sanne Jansen' })
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
