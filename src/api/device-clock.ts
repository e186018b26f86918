/*
 * How far this device's clock is from the server's (ARCHITECTURE "Time"): a tablet whose clock
 * reset after a flat battery, or was set by hand, must not offer last year as "today". Every API
 * answer carries the server's `Date` header; the offset is that time minus the device's clock in
 * the middle of the request. The header has whole seconds only, and a slow answer leaves the
 * middle uncertain, so an answer that took longer than ROUND_TRIP_LIMIT_MS is not used: good
 * enough for a day's default, never for ordering (the server orders by its own clock).
 * Kept per realm (the page and the sync worker measure their own requests) and in localStorage
 * where there is one, so a reload without a network still knows it.
 */

const KEY = 'deviceClockOffsetMs'
const ROUND_TRIP_LIMIT_MS = 10_000

let offsetMs: number | null = null

function stored(): number | null {
  try {
    const v = Number(globalThis.localStorage?.getItem(KEY) ?? Number.NaN)
    return Number.isFinite(v) ? v : null
  } catch {
    return null
  }
}

/** Notes one answer: `sentAt` and `receivedAt` by the device's clock, `dateHeader` the server's. */
export function noteServerDate(sentAt: number, receivedAt: number, dateHeader: string | null) {
  if (!dateHeader || receivedAt - sentAt > ROUND_TRIP_LIMIT_MS) return
  const server = Date.parse(dateHeader)
  if (Number.isNaN(server)) return
  // The header is cut to the second: on average the server's moment was half a second later.
  const next = Math.round(server + 500 - (sentAt + receivedAt) / 2)
  // A second either way is the header's own rounding: not worth a write.
  if (offsetMs !== null && Math.abs(next - offsetMs) < 1_000) return
  offsetMs = next
  try {
    globalThis.localStorage?.setItem(KEY, String(next))
  } catch {
    // Storage full or blocked: the offset still holds for this page.
  }
}

/** Milliseconds to add to the device's clock for the server's (0 when never measured). */
export function deviceClockOffset(): number {
  offsetMs ??= stored()
  return offsetMs ?? 0
}

/** Now by the device's clock corrected towards the server's: for defaults a person sees, like today's date. */
export function correctedNow(): Date {
  return new Date(Date.now() + deviceClockOffset())
}

/** Forgets the measured offset (tests). */
export function resetDeviceClock() {
  offsetMs = null
  try {
    globalThis.localStorage?.removeItem(KEY)
  } catch {
    // nothing stored
  }
}
