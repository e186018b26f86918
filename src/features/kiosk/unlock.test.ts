import 'fake-indexeddb/auto'
import Dexie from 'dexie'
import { v7 as uuidv7 } from 'uuid'
import { describe, expect, it } from 'vitest'
import { kioskVerifier } from '../../../server/auth/kiosk-verifier'
import { FIRST_DELAY_MS, FREE_ATTEMPTS } from './lockout'
import { rememberPasswordVerifier, unlockHandBack } from './unlock'
import { makeVerifier, matchesVerifier } from './verifier'

describe('kiosk verifier (WebCrypto PBKDF2-SHA256)', () => {
  it('checks a PIN against the verifier the server made (same bytes as Node crypto)', async () => {
    const v = await kioskVerifier('482913')
    expect(await matchesVerifier('482913', v)).toBe(true)
    expect(await matchesVerifier('482914', v)).toBe(false)
    expect(await matchesVerifier('', v)).toBe(false)
  })

  it('a verifier made on the device matches only its secret; the salt is fresh every time', async () => {
    const a = await makeVerifier('Password1', 1_000)
    const b = await makeVerifier('Password1', 1_000)
    expect(a.salt).not.toBe(b.salt)
    expect(a.hash).not.toBe(b.hash)
    expect(a.hash).not.toContain('Password1')
    expect(await matchesVerifier('Password1', a)).toBe(true)
    expect(await matchesVerifier('password1', a)).toBe(false)
    expect(await matchesVerifier('Password1', { ...a, algorithm: 'MD5' as never })).toBe(false)
  })
})

describe('kiosk hand-back unlock (IndexedDB)', () => {
  it('the PIN or the password opens; wrong ones count towards a lockout kept in IndexedDB', async () => {
    const employeeId = uuidv7()
    const pin = await makeVerifier('2468', 1_000)
    let clock = 1_000_000
    const now = () => clock
    const tryWith = (secret: string) => unlockHandBack({ employeeId, pin, secret, now })

    expect(await tryWith('2468')).toEqual({ ok: true })
    // No password verifier yet (signed in through another route): the password cannot open.
    expect((await tryWith('Password1')).ok).toBe(false)
    await rememberPasswordVerifier(employeeId, await makeVerifier('Password1', 1_000))
    expect(await tryWith('Password1')).toEqual({ ok: true })

    for (let i = 1; i < FREE_ATTEMPTS; i++)
      expect(await tryWith('1111')).toEqual({ ok: false, lockedMs: 0, attemptsLeft: FREE_ATTEMPTS - i })
    expect(await tryWith('1111')).toEqual({ ok: false, lockedMs: FIRST_DELAY_MS, attemptsLeft: 0 })
    // Locked: even the right PIN is not checked.
    clock += 1_000
    expect(await tryWith('2468')).toEqual({ ok: false, lockedMs: FIRST_DELAY_MS - 1_000, attemptsLeft: 0 })

    // A reload reads the same state: another connection to the database sees it.
    const other = new Dexie('kiosk')
    other.version(1).stores({ lockouts: 'employeeId' })
    const row = await other.table('lockouts').get(employeeId)
    expect(row).toMatchObject({ failures: FREE_ATTEMPTS, lockedUntil: 1_000_000 + FIRST_DELAY_MS })
    other.close()

    clock += FIRST_DELAY_MS
    expect(await tryWith('2468')).toEqual({ ok: true })
    // A success starts counting from zero again.
    expect(await tryWith('1111')).toEqual({ ok: false, lockedMs: 0, attemptsLeft: FREE_ATTEMPTS - 1 })
  })

  it('lockouts are per employee', async () => {
    const [a, b] = [uuidv7(), uuidv7()]
    const pin = await makeVerifier('2468', 1_000)
    for (let i = 0; i < FREE_ATTEMPTS; i++) await unlockHandBack({ employeeId: a, pin, secret: '0000' })
    expect((await unlockHandBack({ employeeId: a, pin, secret: '2468' })).ok).toBe(false)
    expect((await unlockHandBack({ employeeId: b, pin, secret: '2468' })).ok).toBe(true)
  })
})
