import { KIOSK_VERIFIER_ALGORITHM, KIOSK_VERIFIER_ITERATIONS, type KioskVerifier } from '../../../contract/kiosk'

/*
 * Offline checks of the staff PIN and password with WebCrypto PBKDF2-SHA256: the same derivation
 * the server uses for the PIN verifier (server/auth/kiosk-verifier.ts). Only verifiers are kept on
 * the device, never the PIN or the password.
 */

const toB64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes))
const fromB64 = (s: string) => Uint8Array.from(atob(s), (c) => c.charCodeAt(0))

async function derive(secret: string, salt: Uint8Array, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), 'PBKDF2', false, ['deriveBits'])
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt: salt as BufferSource, iterations },
    key,
    256,
  )
  return new Uint8Array(bits)
}

/** A new verifier for a secret, with a fresh random salt. */
export async function makeVerifier(secret: string, iterations = KIOSK_VERIFIER_ITERATIONS): Promise<KioskVerifier> {
  const salt = crypto.getRandomValues(new Uint8Array(16))
  return {
    algorithm: KIOSK_VERIFIER_ALGORITHM,
    salt: toB64(salt),
    iterations,
    hash: toB64(await derive(secret, salt, iterations)),
  }
}

/** True when the secret derives to the verifier's hash (compared without an early exit). */
export async function matchesVerifier(secret: string, v: KioskVerifier): Promise<boolean> {
  if (v.algorithm !== KIOSK_VERIFIER_ALGORITHM) return false
  const expected = fromB64(v.hash)
  // WebCrypto exists only in secure contexts (https, localhost): elsewhere nothing matches.
  const actual = await derive(secret, fromB64(v.salt), v.iterations).catch(() => null)
  if (!actual) return false
  if (actual.length !== expected.length) return false
  let diff = 0
  for (let i = 0; i < actual.length; i++) diff |= actual[i] ^ expected[i]
  return diff === 0
}
