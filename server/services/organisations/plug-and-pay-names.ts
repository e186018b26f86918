import { randomBytes } from 'node:crypto'
import { RESERVED_SLUGS, SLUG_RE, suggestSlug } from '../../../contract/validation'
import type { DbOrTx } from '../../db/client'
import { isCompanyNameAvailable, isSlugAvailable } from './availability'

/*
 * Names for an organisation made from a Plug&Pay order (issue 23 G1): company names and slugs
 * are unique on the platform, and a paid order must not fail on a name somebody else has, so a
 * number is added ("Salon Mooi 2"); the owner can change both in the settings.
 */

const MAX_TRIES = 20

export async function freeCompanyName(db: DbOrTx, name: string): Promise<string> {
  const base = name.trim().slice(0, 190) || 'Salon'
  for (let n = 1; n <= MAX_TRIES; n++) {
    const candidate = n === 1 ? base : `${base} ${n}`
    if (await isCompanyNameAvailable(db, candidate)) return candidate
  }
  return `${base} ${randomBytes(3).toString('hex')}`
}

/** "Salon Mooi & Zo" → "salon-mooi-zo", room left for a number; at least 3 characters (SLUG_RE). */
export function slugOf(name: string): string {
  const s = suggestSlug(name).slice(0, 34).replace(/-+$/, '')
  return s.length >= 3 ? s : `salon-${s}`.replace(/-+$/, '')
}

export async function freeSlug(db: DbOrTx, name: string): Promise<string> {
  const base = slugOf(name)
  for (let n = 1; n <= MAX_TRIES; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`
    if (SLUG_RE.test(candidate) && !RESERVED_SLUGS.has(candidate) && (await isSlugAvailable(db, candidate)))
      return candidate
  }
  return `${base.slice(0, 30)}-${randomBytes(3).toString('hex')}`
}
