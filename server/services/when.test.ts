import { describe, expect, it } from 'vitest'
import { MAX_OFFLINE_MS, whenItHappened } from './when'

const receivedAt = new Date('2026-11-26T09:50:00.000Z')
const HOUR = 3_600_000

describe('whenItHappened', () => {
  it('time: a device clock hours off is corrected by its offset at sending', () => {
    // Six hours slow: wrote at 03:47 by its clock, sent at 03:50 by its clock.
    const slow = whenItHappened({
      deviceWriteTime: '2026-11-26T03:47:00.000Z',
      deviceSendTime: '2026-11-26T03:50:00.000Z',
      receivedAt,
    })
    expect(slow).toEqual({
      occurredAt: new Date('2026-11-26T09:47:00.000Z'),
      receivedAt,
      deviceTime: new Date('2026-11-26T03:47:00.000Z'),
    })
    // Three hours fast, with a time zone in the text.
    const fast = whenItHappened({
      deviceWriteTime: '2026-11-26T13:47:00.000+01:00',
      deviceSendTime: '2026-11-26T13:50:00.000+01:00',
      receivedAt,
    })
    expect(fast.occurredAt).toEqual(new Date('2026-11-26T09:47:00.000Z'))
  })

  it('time: never later than the receipt, never absurdly long before it', () => {
    // The clock was set back between the write and the send: it cannot have happened after it arrived.
    const back = whenItHappened({
      deviceWriteTime: new Date(receivedAt.getTime() + HOUR),
      deviceSendTime: receivedAt,
      receivedAt,
    })
    expect(back.occurredAt).toEqual(receivedAt)
    // A flat battery reset the clock to 1970 for the write: dated at the earliest plausible moment.
    const reset = whenItHappened({
      deviceWriteTime: '1970-01-01T00:00:05.000Z',
      deviceSendTime: receivedAt,
      receivedAt,
    })
    expect(reset.occurredAt).toEqual(new Date(receivedAt.getTime() - MAX_OFFLINE_MS))
    expect(reset.deviceTime).toEqual(new Date('1970-01-01T00:00:05.000Z'))
  })

  it('time: without a send time or a write time, the receipt is when it happened', () => {
    const noSend = whenItHappened({ deviceWriteTime: '2026-11-26T03:47:00.000Z', receivedAt })
    expect(noSend).toEqual({ occurredAt: receivedAt, receivedAt, deviceTime: new Date('2026-11-26T03:47:00.000Z') })
    expect(whenItHappened({ deviceSendTime: '2026-11-26T03:50:00.000Z', receivedAt })).toEqual({
      occurredAt: receivedAt,
      receivedAt,
      deviceTime: null,
    })
    expect(whenItHappened({ deviceWriteTime: 'yesterday', deviceSendTime: 'now', receivedAt }).occurredAt).toEqual(
      receivedAt,
    )
  })
})
