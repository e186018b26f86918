import { phoneSearchDigits } from '../../contract/phone'
import type { LocalCustomer } from './types'

/*
 * What the customer search compares (issue 21 #7), computed once when a replica row is written
 * (search-index.ts) instead of on every row at every keystroke: the names and e-mail lower-cased
 * with diacritics folded, so "jose" finds "José" and "Müller" is found as "muller"; the phone
 * numbers as digits, stored and as dialled at home (the phone parser runs here, not per keystroke);
 * the custom values, folded likewise, by property (which fields count is decided when searching).
 */

/** Lower case without diacritics: é → e, Ö → o (letters such as ß or ø have no base letter and stay). */
export const fold = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')

/** The words of a search as typed: every one must match (name, e-mail, phone or custom value). */
export const searchWords = (search: string) => fold(search).split(/\s+/).filter(Boolean)

export const digitsOf = (s: string) => s.replace(/\D/g, '')

/**
 * A word typed as (part of) a phone number: digits and the marks people dial with. A word with
 * letters is never one — "visser3k92" must not find every customer whose number holds 392.
 */
export const isPhoneWord = (w: string) => /^[+\d().\-/]+$/.test(w) && digitsOf(w).length >= 3

/** One customer as the search index keeps it (an entry of a `customerSearchLog` batch). */
export type CustomerSearchRow = {
  id: string
  sort: string
  salonIds: string[]
  deleted: 0 | 1
  /** First name, last name and e-mail, folded, one per line (a word never spans two fields). */
  text: string
  /** Digits of both numbers, stored (31612345678) and national (0612345678), space separated. */
  phones: string
  /** String custom values, folded, by property name. */
  custom: Record<string, string>
}

/** A customer that left the replica, or (id RESET_ID) everything before it dropped: caches start over. */
export type CustomerSearchGone = { id: string; gone: 1 }
export type CustomerSearchEntry = CustomerSearchRow | CustomerSearchGone
export const RESET_ID = '\uffffreset'

/**
 * The search rows one write of `customers` made, stored as ONE record (table `customerSearchLog`,
 * key `seq`, the order of writes): a fresh tablet's first pull writes 5,000 customers per page,
 * and one record per page instead of one per customer took a third off writing it (issue 25). A
 * later entry for an id replaces an earlier one; an open search reads only batches above the last
 * seq it saw (search-cache.ts); search-index.ts writes and compacts them.
 */
export type CustomerSearchBatch = { seq: number; entries: CustomerSearchEntry[] }

export const isGone = (e: CustomerSearchEntry): e is CustomerSearchGone => 'gone' in e

export function searchRowOf(c: LocalCustomer): CustomerSearchRow {
  const custom: Record<string, string> = {}
  for (const [k, v] of Object.entries(c.customValues ?? {})) if (typeof v === 'string') custom[k] = fold(v)
  return {
    id: c.id,
    sort: c._sort,
    salonIds: c.salonIds,
    deleted: c.deleted ? 1 : 0,
    text: `${fold(c.firstName ?? '')}\n${fold(c.lastName ?? '')}\n${fold(c.email ?? '')}`,
    phones: `${phoneSearchDigits(c.phoneNumber)} ${phoneSearchDigits(c.alternatePhoneNumber)}`,
    custom,
  }
}

/** The text a word is looked for in: names, e-mail and the values of the searched custom fields. */
export function haystackOf(row: CustomerSearchRow, customProps: readonly string[]): string {
  let text = row.text
  for (const p of customProps) {
    const v = row.custom[p]
    if (v !== undefined) text += `\n${v}`
  }
  return text
}

/** One word against one row (the index answers the same; this checks rows it has not taken in yet). */
export const wordMatches = (hay: string, phones: string, w: string) =>
  hay.includes(w) || (isPhoneWord(w) && phones.includes(digitsOf(w)))
