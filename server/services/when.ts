import type { Caller, HappenedAt } from '../../contract/policy'

/**
 * When a write happened and when the server received it (ARCHITECTURE "Time"). Every record
 * made offline stores both; the screens, exports and the consent PDF show `occurredAt`
 * (corrected: never later than `receivedAt`), and the audit also keeps `deviceTime`, the
 * device's own clock at the write as it reported it (null online or unreadable).
 */
export type Happened = HappenedAt

/**
 * How far before its receipt a corrected time may lie. Nothing waits in an outbox this long in
 * practice (a staff session ends after 14 days, SESSION_TTL_HOURS; the customer area's sooner),
 * so an earlier corrected time means the device clock jumped between the write and the send (a
 * flat battery resetting it to 1970, someone setting it by hand): the record is then dated at
 * the earliest plausible moment instead of in a year nobody worked in.
 */
export const MAX_OFFLINE_MS = 30 * 86_400_000

const readable = (t: string | Date | null | undefined): Date | null => {
  if (t == null) return null
  const d = new Date(t)
  return Number.isNaN(d.getTime()) ? null : d
}

/**
 * The one conversion of device clocks into server time. The device's offset is derived per push
 * (`receivedAt − deviceSendTime`: how far its clock is behind ours, plus the time on the wire),
 * so a tablet hours slow or fast dates its offline work as our clock would have. Without a send
 * time (an app from before this rule) or a write time the offset is unknown, and the only time
 * the server can vouch for is the receipt. Clamped to [receipt − MAX_OFFLINE_MS, receipt]: a
 * record never happened after it arrived, and never absurdly long before.
 */
export function whenItHappened(o: {
  deviceWriteTime?: string | Date | null
  deviceSendTime?: string | Date | null
  receivedAt: Date
}): Happened {
  const receivedAt = o.receivedAt
  const deviceTime = readable(o.deviceWriteTime)
  const sent = readable(o.deviceSendTime)
  if (!deviceTime || !sent) return { occurredAt: receivedAt, receivedAt, deviceTime }
  const offset = receivedAt.getTime() - sent.getTime()
  const corrected = deviceTime.getTime() + offset
  const clamped = Math.min(receivedAt.getTime(), Math.max(receivedAt.getTime() - MAX_OFFLINE_MS, corrected))
  return { occurredAt: new Date(clamped), receivedAt, deviceTime }
}

/**
 * The times of the write the caller is doing now: the sync push sets `caller.happened` for each
 * mutation (server/services/sync/push.ts); an online request happened when it was received.
 * Services call this once per write and store both, so REST and sync share one rule.
 */
export function happenedFor(caller: Caller): Happened {
  if (caller.kind !== 'globalAdmin' && caller.happened) return caller.happened
  const now = new Date()
  return { occurredAt: now, receivedAt: now, deviceTime: null }
}
