import type { ReplicaDb } from './db'
import { findCustomers } from './search-cache'
import { haystackOf, searchRowOf, searchWords, wordMatches } from './search-text'
import type { LocalCustomer } from './types'

export const CUSTOMERS_PAGE_SIZE = 25

/**
 * Search as staff type it: every word must match the name, the e-mail, a phone number or (issue
 * 10) the value of one of `customProps`, the live text and choice custom fields; case and
 * diacritics do not count (search-text.ts). One row at a time: the lists search through the
 * index (search-cache.ts), which answers the same.
 */
export function matchesSearch(c: LocalCustomer, search: string, customProps: readonly string[] = []): boolean {
  const row = searchRowOf(c)
  const hay = haystackOf(row, customProps)
  return searchWords(search).every((w) => wordMatches(hay, row.phones, w))
}

export type CustomerPage = { items: LocalCustomer[]; total: number; page: number; pageSize: number }

/** A customer lists and pickers show: not soft-deleted (issue 10), unless deleted ones are asked for. */
export const isListed = (c: Pick<LocalCustomer, 'deleted'>, includeDeleted = false) => includeDeleted || !c.deleted

export type CustomerQuery = {
  salonId: string
  search?: string
  page?: number
  pageSize?: number
  includeDeleted?: boolean
}

/**
 * One page of the branch's customers by last name, then first name (case-insensitive). The replica holds one branch; a row created
 * here for other branches only is left out (the next pull removes it anyway). Soft-deleted
 * customers are left out unless `includeDeleted` (the customers screen's filter, issue 10).
 */
export function queryCustomers(db: ReplicaDb, opts: CustomerQuery): Promise<CustomerPage>
/** With `isStale`: null once a newer search replaced this one (it stops between steps). */
export function queryCustomers(
  db: ReplicaDb,
  opts: CustomerQuery & { isStale: () => boolean },
): Promise<CustomerPage | null>
export async function queryCustomers(
  db: ReplicaDb,
  opts: CustomerQuery & { isStale?: () => boolean },
): Promise<CustomerPage | null> {
  const pageSize = opts.pageSize ?? CUSTOMERS_PAGE_SIZE
  const page = Math.max(1, opts.page ?? 1)
  const words = searchWords(opts.search ?? '')
  if (words.length) {
    // Issue 21 #7: through the search index, the page and the count from one pass.
    const found = await findCustomers(db, {
      salonId: opts.salonId,
      words,
      includeDeleted: !!opts.includeDeleted,
      offset: (page - 1) * pageSize,
      limit: pageSize,
      isStale: opts.isStale,
    })
    if (!found) return null
    return { items: found.rows.filter((c): c is LocalCustomer => !!c), total: found.total, page, pageSize }
  }
  const keep = (c: LocalCustomer) => c.salonIds.includes(opts.salonId) && isListed(c, opts.includeDeleted)
  const [items, total] = await Promise.all([
    db.customers
      .orderBy('_sort')
      .filter(keep)
      .offset((page - 1) * pageSize)
      .limit(pageSize)
      .toArray(),
    // The multi-entry index counts without reading 10,000 rows; the few deleted ones (their own
    // index) are taken off.
    countInBranch(db, opts.salonId, !!opts.includeDeleted),
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
