import { asc, eq, type SQL, sql } from 'drizzle-orm'
import type { Customer } from '../../../contract/customers'
import { normalisePhone } from '../../../contract/phone'
import type { DbOrTx } from '../../db/client'
import { customers } from '../../db/schema'
import { employeeIdOf, type TenantCaller } from '../../auth/caller'
import { inBranches, notDeleted, tenant } from '../../scope'
import { organisationPhoneRegion } from './phones'
import { loadVisibleCustomer, readableSalons, readSalonFilter } from './access'
import { customerFilter, type FilterParams, type ListFilterParts, likePattern, listPage } from './list-page'
import { toCustomer } from './serialize'

export async function getCustomer(opts: { caller: TenantCaller; db: DbOrTx; id: string }): Promise<Customer> {
  return toCustomer(await loadVisibleCustomer(opts.db, opts.caller, opts.id))
}

/** Last name, first name, case-insensitively (as the replica sorts); matches customers_org_sort_idx. */
const LIST_ORDER = [sql`lower(${customers.lastName})`, sql`lower(${customers.firstName})`, asc(customers.id)]

/** The search as a stored phone number (E.164), when it looks like one. */
async function searchPhone(db: DbOrTx, organisationId: string, search: string): Promise<string | null> {
  const term = search.trim()
  if (!/^[\d\s+\-().]{6,}$/.test(term) || term.startsWith('+')) return null
  return normalisePhone(term, await organisationPhoneRegion(db, organisationId))
}

/**
 * The list's filter (branch, search, include deleted) in the caller's readable branches: the
 * list, the search and the CSV export (export-csv.ts) select the same customers.
 */
export async function listFilter(
  db: DbOrTx,
  caller: TenantCaller,
  opts: { salonId?: string; search?: string; includeDeleted?: boolean },
): Promise<SQL | undefined> {
  return (await listFilterParts(db, caller, opts)).where
}

/**
 * The list's filter in the parts the page query needs (list-page.ts): the search matches the
 * names, e-mail or phone (case-insensitively), and a number typed as dialled at home ("06
 * 12345678") also finds the stored E.164.
 */
export async function listFilterParts(
  db: DbOrTx,
  caller: TenantCaller,
  opts: { salonId?: string; search?: string; includeDeleted?: boolean },
): Promise<ListFilterParts> {
  const salonIds = readSalonFilter(caller, opts.salonId)
  const search = opts.search ?? ''
  const phone = await searchPhone(db, caller.organisationId, search)
  const term = search.trim().toLowerCase()
  const params: FilterParams = {
    organisationId: caller.organisationId,
    salonIds,
    includeDeleted: !!opts.includeDeleted,
    terms: (term ? [term, ...(phone ? [phone] : [])] : []).map((t) => ({ pattern: likePattern(t), text: t })),
  }
  return {
    organisationId: caller.organisationId,
    params,
    where: customerFilter(params),
    key: [[...salonIds].sort(), term, phone, !!opts.includeDeleted],
  }
}

/** List order for other readers of the list (the CSV export). */
export const CUSTOMER_LIST_ORDER = LIST_ORDER

/**
 * List and search in the employee's readable branches (or the one asked for), ordered by last
 * name, first name. Used by GET /customers and POST /customers/search.
 */
export async function listCustomers(opts: {
  caller: TenantCaller
  db: DbOrTx
  salonId?: string
  search?: string
  page: number
  pageSize: number
  includeDeleted?: boolean
}) {
  const { caller, db, page, pageSize } = opts
  const search = opts.search?.trim()
  // A search leaves its audit row, written by the page's own statement (list-page.ts).
  const { rows, total } = await listPage(
    db,
    await listFilterParts(db, caller, opts),
    (page - 1) * pageSize,
    pageSize,
    search
      ? (results) => ({
          organisationId: caller.organisationId,
          actorKind: 'employee',
          actorId: employeeIdOf(caller),
          event: 'customersSearch',
          data: { search, salonId: opts.salonId ?? null, results },
        })
      : undefined,
  )
  return { items: rows.map(toCustomer), total: Number(total), page, pageSize }
}

/** GET /customers/all: every (not deleted) customer of the branch(es), light fields only. */
export async function allCustomers(opts: {
  caller: TenantCaller
  db: DbOrTx
  salonId?: string
  includeDeleted?: boolean
}) {
  const salonIds = readSalonFilter(opts.caller, opts.salonId)
  const rows = await opts.db
    .select({ id: customers.id, firstName: customers.firstName, lastName: customers.lastName, email: customers.email })
    .from(customers)
    .where(
      tenant(
        customers,
        opts.caller,
        notDeleted(customers, { flagged: opts.includeDeleted }),
        inBranches(customers, salonIds),
      ),
    )
    .orderBy(...LIST_ORDER)
  return rows.map((r) => ({ id: r.id, fullName: `${r.firstName} ${r.lastName}`, email: r.email }))
}

/**
 * GET /customers/email: whether the e-mail is used in the organisation, and whether in one of the
 * employee's branches — enough for the create form to offer "assign existing", nothing more.
 */
export async function lookupCustomerEmail(opts: { caller: TenantCaller; db: DbOrTx; email: string }) {
  readSalonFilter(opts.caller, undefined)
  const [row] = await opts.db
    .select({ salonIds: customers.salonIds })
    .from(customers)
    .where(tenant(customers, opts.caller, eq(customers.email, opts.email), notDeleted(customers, { flagged: true })))
  const readable = readableSalons(opts.caller)
  return { exists: !!row, inYourBranches: !!row && row.salonIds.some((s) => readable.includes(s)) }
}
