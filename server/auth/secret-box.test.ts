import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { keyIdOf, needsSealing, openSecret, sealSecret, secretKeysOf } from './secret-box'

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'
const key = () => randomBytes(32)

describe('secret box', () => {
  it('seals so that the stored text holds nothing of the secret, and opens it again in its place', () => {
    const keys = [key()]
    const sealed = sealSecret(SECRET, 'global_admins.totp:a', keys)
    expect(sealed).toMatch(new RegExp(`^sealed:v1:${keyIdOf(keys[0])}:`))
    expect(sealed).not.toContain(SECRET)
    // A fresh IV each time: the same secret never seals to the same text.
    expect(sealSecret(SECRET, 'global_admins.totp:a', keys)).not.toBe(sealed)
    expect(openSecret(sealed, 'global_admins.totp:a', keys)).toBe(SECRET)
  })

  it('does not open in another row, altered, or without its key', () => {
    const keys = [key()]
    const sealed = sealSecret(SECRET, 'global_admins.totp:a', keys)
    expect(() => openSecret(sealed, 'global_admins.totp:b', keys)).toThrow()
    const altered = sealed.slice(0, -2) + (sealed.endsWith('A') ? 'B' : 'A') + sealed.slice(-1)
    expect(() => openSecret(altered, 'global_admins.totp:a', keys)).toThrow()
    expect(() => openSecret(sealed, 'global_admins.totp:a', [key()])).toThrow(/SECRETS_KEY does not hold/)
    expect(() => openSecret(sealed, 'global_admins.totp:a', [])).toThrow(/SECRETS_KEY does not hold/)
  })

  it('rotation: the old key, second in the list, still opens; sealing uses the first', () => {
    const [oldKey, newKey] = [key(), key()]
    const before = sealSecret(SECRET, 'c', [oldKey])
    const keys = [newKey, oldKey]
    expect(needsSealing(before, keys)).toBe(true)
    expect(openSecret(before, 'c', keys)).toBe(SECRET)
    const after = sealSecret(openSecret(before, 'c', keys), 'c', keys)
    expect(needsSealing(after, keys)).toBe(false)
    expect(openSecret(after, 'c', [newKey])).toBe(SECRET)
  })

  it('without a key values stay as given; a plain value is read as such and needs sealing once a key is set', () => {
    expect(sealSecret(SECRET, 'c', [])).toBe(SECRET)
    expect(openSecret(SECRET, 'c', [])).toBe(SECRET)
    expect(openSecret(SECRET, 'c', [key()])).toBe(SECRET)
    expect(needsSealing(SECRET, [])).toBe(false)
    expect(needsSealing(SECRET, [key()])).toBe(true)
  })

  it('SECRETS_KEY: base64 (either alphabet) or hex, several by commas; anything else stops the start', () => {
    const k = key()
    expect(secretKeysOf(undefined)).toEqual([])
    expect(secretKeysOf(' ')).toEqual([])
    expect(secretKeysOf(k.toString('base64'))).toEqual([k])
    expect(secretKeysOf(k.toString('base64url'))).toEqual([k])
    expect(secretKeysOf(`${k.toString('hex')}, ${k.toString('base64')}`)).toEqual([k, k])
    for (const bad of [
      'secret',
      randomBytes(16).toString('base64'),
      randomBytes(33).toString('base64'),
      'z'.repeat(64),
    ])
      expect(() => secretKeysOf(bad), bad).toThrow(/SECRETS_KEY: key 1 is not 32 bytes/)
    expect(() => secretKeysOf(`${k.toString('base64')},nope`)).toThrow(/key 2/)
  })
})
