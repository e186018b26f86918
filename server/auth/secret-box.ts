import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto'

/*
 * Secrets the server must read back — a global admin's TOTP secret (the only one: passwords,
 * PINs, recovery codes and tokens are kept as hashes) — are stored sealed with AES-256-GCM under
 * SECRETS_KEY, so a copy of the database (a backup, a dump, a replica) does not hand out second
 * factors. A sealed value reads `sealed:v1:<key id>:<iv>:<ciphertext and tag>` (base64url). The
 * key id (the first 8 hex digits of the key's SHA-256) names the configured key that opens it:
 * a new key goes first in SECRETS_KEY and the old one stays after it until `resealSecrets` (at
 * start) has sealed everything again. `context` binds a value to its place (column and row): a
 * sealed secret copied into another admin's row does not open there.
 *
 * Without a key (development, the demo) values are stored as given; a plain value is read as
 * such, and sealed at the next start with a key.
 */

export type SecretKeys = readonly Buffer[]

const PREFIX = 'sealed:v1:'
const IV_BYTES = 12
const TAG_BYTES = 16

export const keyIdOf = (key: Buffer) => createHash('sha256').update(key).digest('hex').slice(0, 8)

export function sealSecret(plain: string, context: string, keys: SecretKeys): string {
  const key = keys[0]
  if (!key) return plain
  const iv = randomBytes(IV_BYTES)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  cipher.setAAD(Buffer.from(context))
  const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()])
  return `${PREFIX}${keyIdOf(key)}:${iv.toString('base64url')}:${sealed.toString('base64url')}`
}

/**
 * The plain value. A sealed value whose key is not configured, or that does not open (altered,
 * or moved from another row), throws: that is a broken installation, not a wrong code.
 */
export function openSecret(stored: string, context: string, keys: SecretKeys): string {
  if (!stored.startsWith(PREFIX)) return stored
  const [id, iv, sealed] = stored.slice(PREFIX.length).split(':')
  const key = keys.find((k) => keyIdOf(k) === id)
  if (!key) throw new Error(`a secret is sealed with key ${id}, which SECRETS_KEY does not hold`)
  const bytes = Buffer.from(sealed ?? '', 'base64url')
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv ?? '', 'base64url'))
  decipher.setAAD(Buffer.from(context))
  decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES))
  return Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - TAG_BYTES)), decipher.final()]).toString(
    'utf8',
  )
}

/** Whether a stored value is not sealed with the first (current) key while there is one. */
export const needsSealing = (stored: string, keys: SecretKeys) =>
  keys.length > 0 && !stored.startsWith(`${PREFIX}${keyIdOf(keys[0])}:`)

/**
 * SECRETS_KEY: one or more keys separated by commas, the current one first; each 32 random bytes
 * as base64 (`openssl rand -base64 32`) or 64 hex digits. Anything else stops the start.
 */
export function secretKeysOf(value: string | undefined): Buffer[] {
  if (!value?.trim()) return []
  return value.split(',').map((text, i) => {
    const t = text.trim()
    if (/^[0-9a-f]{64}$/i.test(t)) return Buffer.from(t, 'hex')
    // 32 bytes are 43 base64 digits and one '=' of padding (standard or URL-safe alphabet).
    if (/^[A-Za-z0-9+/_-]{42}[AEIMQUYcgkosw048]=?$/.test(t)) return Buffer.from(t, 'base64')
    throw new Error(
      `SECRETS_KEY: key ${i + 1} is not 32 bytes as base64 or 64 hex digits (make one with: openssl rand -base64 32)`,
    )
  })
}
