import { describe, expect, it } from 'vitest'
import {
  afterFailure,
  attemptsLeft,
  delayAfter,
  FIRST_DELAY_MS,
  FREE_ATTEMPTS,
  type Lockout,
  MAX_DELAY_MS,
  NO_LOCKOUT,
  remainingMs,
} from './lockout'

const fail = (state: Lockout, times: number, start = 0) => {
  let s = state
  let now = start
  for (let i = 0; i < times; i++) {
    now = Math.max(now, s.lockedUntil ?? 0)
    s = afterFailure(s, now)
  }
  return { state: s, now }
}

describe('kiosk lockout', () => {
  it('the first four wrong attempts are free; the fifth locks for 30 seconds', () => {
    const four = fail(NO_LOCKOUT, FREE_ATTEMPTS - 1).state
    expect(four).toEqual({ failures: 4, lockedUntil: null })
    expect(attemptsLeft(four)).toBe(1)
    const fifth = afterFailure(four, 1_000)
    expect(fifth).toEqual({ failures: 5, lockedUntil: 1_000 + FIRST_DELAY_MS })
    expect(remainingMs(fifth, 1_000)).toBe(FIRST_DELAY_MS)
    expect(remainingMs(fifth, 1_000 + FIRST_DELAY_MS)).toBe(0)
  })

  it('every further wrong attempt doubles the delay, up to 15 minutes', () => {
    const delays = Array.from({ length: 12 }, (_, i) => delayAfter(i + 1))
    expect(delays.slice(0, 4)).toEqual([0, 0, 0, 0])
    expect(delays.slice(4, 8)).toEqual([30_000, 60_000, 120_000, 240_000])
    expect(Math.max(...delays)).toBe(MAX_DELAY_MS)
    for (let i = 1; i < delays.length; i++) expect(delays[i]).toBeGreaterThanOrEqual(delays[i - 1])
  })

  it('attempts made while locked are not counted and do not extend the lock', () => {
    const locked = fail(NO_LOCKOUT, FREE_ATTEMPTS).state
    expect(afterFailure(locked, (locked.lockedUntil ?? 0) - 1)).toBe(locked)
  })

  it('generated: for any number of failures the lock is never shorter than the previous one', () => {
    for (let n = 0; n < 40; n++) {
      const { state, now } = fail(NO_LOCKOUT, n)
      expect(state.failures).toBe(n)
      expect(remainingMs(state, now)).toBe(delayAfter(n))
      expect(remainingMs(state, now)).toBeLessThanOrEqual(MAX_DELAY_MS)
    }
  })
})
