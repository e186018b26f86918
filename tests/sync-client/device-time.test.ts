import { afterEach, describe, expect, it, vi } from 'vitest'
import type { CustomerComment } from '../../contract/comments'
import type { EmployeeActivityPage } from '../../contract/employees'
import type { PushRequest } from '../../contract/sync'
import type { FetchFn } from '../../src-worker/sync/transport'
import { addComment } from '../../src/local-db/comments'
import { createCustomer } from '../../src/local-db/mutations'
import { buildTestApp } from '../helpers/app'
import { seedOrganisation } from '../helpers/factories'
import { customerInput, device, listen, network } from './harness'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../helpers/url'

/*
 * Issue 21 #1: the time offline work happened, through the real engine and server. The device
 * and the server share this process, so the device's clock is Vitest's fake Date, set while the
 * client code runs and lifted while the server handles a request (its clock is the real one).
 */
const app = await buildTestApp()
const apiBase = await listen(app)
const HOUR = 3_600_000
const MINUTE = 60_000

/** A device clock `skewMs` off the real one; `at(msAgo)` sets it to that long before now. */
function deviceClock(skewMs: number) {
  const at = (msAgo = 0) => {
    const real = vi.getRealSystemTime()
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(real + skewMs - msAgo)
  }
  /** The device's fetch: the server runs on the real clock, the device on its own again after. */
  const fetchOf = (inner: FetchFn, seen: PushRequest[]): FetchFn =>
    (async (url, init) => {
      vi.useRealTimers()
      try {
        const res = await inner(url, init)
        // The pushes that reached the server (not the attempts while offline).
        if (url.endsWith('/sync/push')) seen.push(JSON.parse(String(init?.body)) as PushRequest)
        return res
      } finally {
        at()
      }
    }) as FetchFn
  return { at, fetchOf }
}

afterEach(() => {
  vi.useRealTimers()
})

describe('sync engine: when offline work happened', () => {
  for (const [label, skew] of [
    ['6 hours slow', -6 * HOUR],
    ['3 hours fast', 3 * HOUR],
  ] as const) {
    it(`sync: work done offline on a tablet ${label} is dated by the server's clock, when it was done`, async () => {
      const org = await seedOrganisation(app)
      const salonId = org.salons[0].id
      const net = network()
      const pushes: PushRequest[] = []
      const clock = deviceClock(skew)
      const { db, engine } = device({
        apiBase,
        orgId: org.id,
        salonId,
        token: org.owner.token,
        fetch: clock.fetchOf(net.fetch, pushes),
      })
      net.up = false
      // Written 20 minutes before the tablet comes back online, by the tablet's clock.
      clock.at(20 * MINUTE)
      const writtenAt = new Date().toISOString()
      const customerId = await createCustomer(db, customerInput(salonId, { firstName: 'Offline' }))
      const commentId = await addComment(db, { customerId, salonId, text: 'Allergisch voor noten' })
      // The one place a write is timed (src/local-db/outbox.ts): the device's clock at the write.
      expect((await db.outbox.toArray()).map((e) => e.createdAt)).toEqual([writtenAt, writtenAt])
      expect(await engine.syncOnce()).toBe('offline')

      clock.at(0)
      const sentAt = new Date().toISOString()
      net.up = true
      expect(await engine.syncOnce()).toBe('idle')
      vi.useRealTimers()
      // The pushes carry each write's device time and the device's clock at sending (which moves
      // on between two requests, as a real clock does).
      expect(pushes.flatMap((p) => p.mutations.map((m) => m.at))).toEqual([writtenAt, writtenAt])
      for (const p of pushes) expect(Date.parse(p.sentAt ?? '')).toBeGreaterThanOrEqual(Date.parse(sentAt))
      // Done 20 minutes (by the tablet's clock) before the push carrying it was sent: corrected,
      // exactly that long before the push was received, by the server's clock.
      const gapOf = (name: string) => {
        const p = pushes.find((x) => x.mutations.some((m) => m.name === name))
        return Date.parse(p?.sentAt ?? '') - Date.parse(writtenAt)
      }
      const doneBefore = (happened: string | null | undefined, received: string | undefined) =>
        Date.parse(received ?? '') - Date.parse(happened ?? '')

      const comments = await app.inject({
        url: apiUrl(API.customerComments.list, { org: org.id }, { customerId, salonId }),
        headers: org.owner.headers,
      })
      expect(comments.statusCode, comments.body).toBe(200)
      const comment = (comments.json() as CustomerComment[]).find((c) => c.id === commentId)
      expect(doneBefore(comment?.createdAt, comment?.receivedAt)).toBe(gapOf('customerComment.create'))
      expect(gapOf('customerComment.create')).toBeGreaterThanOrEqual(20 * MINUTE)
      expect(Date.parse(comment?.receivedAt ?? '')).toBeGreaterThan(Date.now() - 5 * MINUTE)

      const res = await app.inject({
        method: 'POST',
        url: apiUrl(API.employees.activities, { org: org.id }),
        headers: org.owner.headers,
        payload: {},
      })
      const page = res.json() as EmployeeActivityPage
      const logged = page.items.filter((i) => i.contacted?.customerId === customerId)
      expect(logged.map((i) => i.type).sort()).toEqual(['customerCommentAdd', 'customerCreate'])
      for (const i of logged) {
        const name = i.type === 'customerCreate' ? 'customer.create' : 'customerComment.create'
        expect(doneBefore(i.occurredAt, i.receivedAt)).toBe(gapOf(name))
        // The audit keeps what the tablet's clock said.
        expect(i.deviceTime).toBe(writtenAt)
      }
    })
  }
})
