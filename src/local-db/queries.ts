import { phoneSearchDigits } from '../../contract/phone'
import type { ReplicaDb } from './db'
import type { LocalCustomer } from './types'

export const CUSTOMERS_PAGE_SIZE = 25

const norm = (s: string | null | undefined) => (s ?? '').toLowerCase()
const digits = (s: string | null | undefined) => (s ?? '').replace(/\D/g, '')
/**
 * A word typed as (part of) a phone number: digits and the marks people dial with. A word with
 * letters is never one — "visser3k92" must not find every customer whose number holds 392.
 */
const phoneWord = (w: string) => /^[+\d().\-/]+$/.test(w) && digits(w).length >= 3

/**
 * Search as staff type it: every word must match the name, the e-mail, a phone number or (issue
 * 10) the value of one of `customProps`, the live text and choice custom fields.
 */
export function matchesSearch(c: LocalCustomer, search: string, customProps: readonly string[] = []): boolean {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean)
  if (words.length === 0) return true
  let text = `${norm(c.firstName)} ${norm(c.lastName)} ${norm(c.email)}`
  for (const p of customProps) {
    const v = c.customValues?.[p]
    if (typeof v === 'string') text += `\n${v.toLowerCase()}`
  }
  // Stored E.164 (+31612345678) is also found as dialled at home (0612…).
  const phones = `${phoneSearchDigits(c.phoneNumber)} ${phoneSearchDigits(c.alternatePhoneNumber)}`
  return words.every((w) => text.includes(w) || (phoneWord(w) && phones.includes(digits(w))))
}

export type CustomerPage = { items: LocalCustomer[]; total: number; page: number; pageSize: number }

/** A customer lists and pickers show: not soft-deleted (issue 10), unless deleted ones are asked for. */
export const isListed = (c: Pick<LocalCustomer, 'deleted'>, includeDeleted = false) => includeDeleted || !c.deleted

/**
 * One page of the branch's customers by last name, then first name (case-insensitive). The replica holds one branch; a row created
 * here for other branches only is left out (the next pull removes it anyway). Soft-deleted
 * customers are left out unless `includeDeleted` (the customers screen's filter, issue 10).
 */
export async function queryCustomers(
  db: ReplicaDb,
  opts: { salonId: string; search?: string; page?: number; pageSize?: number; includeDeleted?: boolean },
): Promise<CustomerPage> {
  const pageSize = opts.pageSize ?? CUSTOMERS_PAGE_SIZE
  const page = Math.max(1, opts.page ?? 1)
  const search = opts.search?.trim() ?? ''
  // Text and choice custom fields are searched too (a handful of definitions, read when searching).
  const customProps = search
    ? (await db.customFields.toArray())
        .filter((f) => f.type === 'text' || f.type === 'option')
        .map((f) => f.propertyName)
    : []
  const keep = (c: LocalCustomer) =>
    c.salonIds.includes(opts.salonId) && isListed(c, opts.includeDeleted) && matchesSearch(c, search, customProps)
  const coll = () => db.customers.orderBy('_sort').filter(keep)
  const [items, total] = await Promise.all([
    coll()
      .offset((page - 1) * pageSize)
      .limit(pageSize)
      .toArray(),
    // Without a search the multi-entry index counts without reading 10,000 rows; the few
    // deleted ones (their own index) are taken off.
    search ? coll().count() : countInBranch(db, opts.salonId, !!opts.includeDeleted),
  ])
  return { items, total, page, pageSize }
}

async function countInBranch(db: ReplicaDb, salonId: string, includeDeleted: boolean): Promise<number> {
  const all = await db.customers.where('salonIds').equals(salonId).count()
  if (includeDeleted) return all
  const deleted = await db.customers
    .where('_deleted')
    .equals(1)
    .filter((c) => c.salonIds.includes(salonId))
    .count()
  return all - deleted
}
