import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { localToday } from '../features/skin-analysis/analysis-day'
import { correctedNow, deviceClockOffset, noteServerDate, resetDeviceClock } from './device-clock'
import { call } from './request'
import { defineEndpoint } from '../../contract/endpoints/define'
import { z } from 'zod'

/** A real HTTP server whose `Date` header says what `serverTime` is (a server a year ahead, say). */
let server: Server
let base: string
let serverTime = Date.now()
beforeAll(async () => {
  server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', date: new Date(serverTime).toUTCString() })
    res.end('{}')
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`
})
afterAll(() => new Promise<void>((r) => server.close(() => r())))
afterEach(resetDeviceClock)

const ping = defineEndpoint({ method: 'GET', path: '/ping', response: z.object({}), tags: ['test'] })
const DAY = 86_400_000

describe('device clock (ARCHITECTURE "Time")', () => {
  it('is the device clock until an answer says otherwise', () => {
    expect(deviceClockOffset()).toBe(0)
    expect(Math.abs(correctedNow().getTime() - Date.now())).toBeLessThan(50)
  })

  it('learns the offset from any API answer: a tablet a year behind offers the server’s today', async () => {
    serverTime = Date.now() + 365 * DAY
    await call(ping, { base })
    expect(Math.abs(deviceClockOffset() - 365 * DAY)).toBeLessThan(2_000)
    expect(localToday()).toBe(localToday(new Date(serverTime)))
    expect(localToday()).not.toBe(localToday(new Date()))
  })

  it('ignores a slow answer, a missing or unreadable header, and the header’s own second of rounding', () => {
    // A whole second, as the header carries it.
    const now = Math.floor(Date.now() / 1000) * 1000
    noteServerDate(now - 20_000, now, new Date(now + 3_600_000).toUTCString())
    expect(deviceClockOffset()).toBe(0)
    noteServerDate(now, now, null)
    noteServerDate(now, now, 'not a date')
    expect(deviceClockOffset()).toBe(0)
    noteServerDate(now, now + 100, new Date(now + 60_000).toUTCString())
    expect(deviceClockOffset()).toBe(60_450)
    // A slower answer moves the middle by 700 ms: within the header's rounding, kept as it was.
    noteServerDate(now, now + 1_500, new Date(now + 60_000).toUTCString())
    expect(deviceClockOffset()).toBe(60_450)
    noteServerDate(now, now + 100, new Date(now + 120_000).toUTCString())
    expect(deviceClockOffset()).toBe(120_450)
  })
})
