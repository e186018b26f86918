import { pbkdf2 as pbkdf2Cb, randomBytes } from 'node:crypto'
import { promisify } from 'node:util'
import { KIOSK_VERIFIER_ALGORITHM, KIOSK_VERIFIER_ITERATIONS, type KioskVerifier } from '../../contract/kiosk'

const pbkdf2 = promisify(pbkdf2Cb)

/**
 * The offline verifier of a kiosk PIN: PBKDF2-SHA256 with a fresh random salt. The tablet derives
 * the same bytes with WebCrypto (src/features/kiosk/verifier.ts) to check a PIN with no connection.
 */
export async function kioskVerifier(pin: string): Promise<KioskVerifier> {
  const salt = randomBytes(16)
  const hash = await pbkdf2(pin, salt, KIOSK_VERIFIER_ITERATIONS, 32, 'sha256')
  return {
    algorithm: KIOSK_VERIFIER_ALGORITHM,
    salt: salt.toString('base64'),
    iterations: KIOSK_VERIFIER_ITERATIONS,
    hash: hash.toString('base64'),
  }
}
