import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { auditEvents, skinAnalyses } from '../../server/db/schema'
import { storePhoto } from '../../src/local-db/photos'
import { saveSkinAnalysis, sendWithoutRefusedPhoto } from '../../src/local-db/skin-analyses'
import { refusalReason } from '../../src/features/skin-analysis/skin-attention'
import { buildTestApp } from '../helpers/app'
import { device, listen, network, organisationWithCustomer } from './harness'

// Skin analyses in the replica (issue 11), against the real server over HTTP.
const app = await buildTestApp()
const apiBase = await listen(app)

describe('sync engine: skin analyses', () => {
  it('saved offline: pending, pushed once even when the push is repeated, pulled into a second device', async () => {
    const { org, salonId, created, customerId } = await organisationWithCustomer(app)
    const net = network()
    expect(created.statusCode).toBe(201)
    const make = () => device({ apiBase, orgId: org.id, salonId, token: org.owner.token, fetch: net.fetch })
    const a = make()
    const b = make()
    await a.engine.syncOnce()
    await b.engine.syncOnce()

    net.up = false
    const id = await saveSkinAnalysis(a.db, {
      customerId,
      salonId,
      analysedOn: '2026-03-02',
      skinType: 'dry',
      fitzpatrick: 'II',
      findings: [{ concern: 'dehydration', zone: 'leftCheek', severity: 2 }],
      notes: 'Trekkerig na reinigen',
      photos: [],
    })
    expect(await a.db.skinAnalyses.get(id)).toMatchObject({ _pending: 1, skinType: 'dry', customerId })
    expect(await a.engine.syncOnce()).toBe('offline')
    const serverRows = () => app.db.select().from(skinAnalyses).where(eq(skinAnalyses.customerId, customerId))
    expect(await serverRows()).toHaveLength(0)

    // Back online; the server stores it but the answer is lost: the engine sends it again and
    // the duplicate answers the stored analysis.
    net.up = true
    net.loseNextPushResponses = 1
    await a.engine.syncOnce().catch(() => undefined)
    expect(await a.engine.syncOnce()).toBe('idle')
    expect(await a.db.outbox.count()).toBe(0)
    const acked = await a.db.skinAnalyses.get(id)
    expect(acked?._pending).toBe(0)
    expect(acked?.version).toBeGreaterThan(0)
    expect(acked?.authorName).not.toBe('')
    expect(await serverRows()).toHaveLength(1)
    const audits = await app.db.select().from(auditEvents).where(eq(auditEvents.event, 'customerSkinAnalysisUpdate'))
    expect(audits.filter((e) => (e.data as { skinAnalysisId: string }).skinAnalysisId === id)).toHaveLength(1)

    expect(await b.engine.syncOnce()).toBe('idle')
    expect(await b.db.skinAnalyses.get(id)).toMatchObject({
      id,
      _pending: 0,
      findings: [{ concern: 'dehydration', zone: 'leftCheek', severity: 2 }],
      authorName: acked?.authorName,
    })
  })

  it('a photo the server refuses: the save waits with the reason and the photo named; sent without it, the rest arrives', async () => {
    const { org, salonId, customerId } = await organisationWithCustomer(app)
    const a = device({ apiBase, orgId: org.id, salonId, token: org.owner.token, fetch: network().fetch })
    await a.engine.syncOnce()
    const bad = await storePhoto(a.db, new Blob(['not an image'], { type: 'image/png' }))
    const id = await saveSkinAnalysis(a.db, {
      customerId,
      salonId,
      analysedOn: '2026-03-02',
      skinType: 'oily',
      fitzpatrick: null,
      findings: [],
      notes: 'Glans op de T-zone',
      photos: [{ path: bad, takenOn: '2026-03-02', caption: 'T-zone' }],
    })
    expect(await a.engine.syncOnce()).toBe('idle')
    const [entry] = await a.db.outbox.toArray()
    expect(entry).toMatchObject({ entityId: id, status: 'needsAttention' })
    expect(entry.error?.photo).toBe(bad)
    // The analysis stays on screen, marked, and the reason reads as the upload's message.
    const shown = await a.db.skinAnalyses.get(id)
    expect(shown).toMatchObject({ _pending: 1, _error: 'VALIDATION_FAILED', notes: 'Glans op de T-zone' })
    expect(shown?.photos.map((p) => p.path)).toEqual([bad])
    const t = ((key: string, o?: { defaultValue?: string }) =>
      key.startsWith('validation.') ? key : (o?.defaultValue ?? key)) as never
    expect(refusalReason(t, entry.error!)).toBe('validation.upload.imageType')
    const serverRows = () => app.db.select().from(skinAnalyses).where(eq(skinAnalyses.customerId, customerId))
    expect(await serverRows()).toHaveLength(0)

    expect(await sendWithoutRefusedPhoto(a.db, entry.seq!)).toBe(true)
    expect(await a.db.photos.count()).toBe(0)
    expect(await a.engine.syncOnce()).toBe('idle')
    expect(await a.db.outbox.count()).toBe(0)
    const [row] = await serverRows()
    expect(row.id).toBe(id)
    expect(await a.db.skinAnalyses.get(id)).toMatchObject({
      _pending: 0,
      _error: null,
      photos: [],
      notes: 'Glans op de T-zone',
    })
  })
})
