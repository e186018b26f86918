import { CUSTOMER_FIELD_NAMES, type Customer, type CustomerFields } from '../../../contract/customers'
import type { MutationArgs } from '../../../contract/sync'
import { overlayCustomValues } from '../custom-values-overlay'
import { dropCustomerData } from '../customer-departure'
import type { ReplicaDb } from '../db'
import { type ClientMutationsOf, type EntityDefinition, groupByEntity, replay } from '../entity'
import { entry } from '../outbox'
import { customerFromCreate, toLocal, withFullName } from '../overlay'
import type { LocalCustomer, OutboxEntry, OutboxEntryOf } from '../types'

/*
 * Customers: `customers` = the last acknowledged copy + this device's unsent changes replayed in
 * seq order. Rebuilding from those two after every pull and every push result is what keeps an
 * unsent edit visible when newer server data arrives. The copy is in `serverCustomers` while
 * unsent changes replay on it (or once one was stored: pulls keep it current); a customer with
 * nothing unsent is written once, its visible row being the copy (issue 25: a fresh tablet's first
 * pull of 100,000 customers wrote every one twice and read it back).
 */

/** `customer.update` answers {customer, conflicts}; `customer.create` answers the customer. */
const customerOf = (result: unknown): Customer | null => {
  if (!result || typeof result !== 'object') return null
  const r = result as { customer?: Customer; id?: string; email?: string }
  if (r.customer && typeof r.customer === 'object') return r.customer
  return r.id && r.email !== undefined ? (result as Customer) : null
}

/** A customer change acknowledged: its answer is the new server copy. */
async function settleCustomer(
  db: ReplicaDb,
  e: OutboxEntry,
  result: unknown,
  touch: (entityId: string) => void,
): Promise<void> {
  const customer = customerOf(result)
  if (!customer) return
  const known = await serverCopy(db, customer.id)
  if (!known || known.version <= customer.version) await db.serverCustomers.put(customer)
  if (customer.id === e.entityId) return
  // assignExisting: the server joined our create to an existing customer. Later entries for our
  // client id now belong to that customer.
  touch(customer.id)
  await db.outbox
    .where('entityId')
    .equals(e.entityId)
    .modify((o) => {
      o.entityId = customer.id
      if (o.args.id === e.entityId) o.args = { ...o.args, id: customer.id }
    })
}

const mutations: ClientMutationsOf<'customer'> = {
  'customer.create': {
    overlay: (row, e) => row ?? customerFromCreate(e.args, e.createdAt),
    settle: settleCustomer,
    refused: (db, e) => foldIntoRefusedCreate(db, e),
    retry: (db, e, opts) => retryCreate(db, e, opts),
    createsRow: true,
    oneAtATime: true,
  },
  'customer.update': {
    overlay: (row, e) => {
      if (!row) return row
      const changes = e.args.changes as Partial<Customer>
      const merged = { ...row, ...changes }
      // Custom values replay property by property (issue 10), as the server merges them.
      if (changes.customValues)
        merged.customValues = overlayCustomValues(
          row.customValues ?? {},
          changes.customValues,
          (e.args.base as Record<string, unknown> | undefined)?.customValues,
        )
      return withFullName(merged)
    },
    settle: settleCustomer,
    refused: (db, e) => foldIntoRefusedUpdate(db, e),
    oneAtATime: true,
  },
}

export const customer: EntityDefinition<'customer'> = {
  tables: (db) => [db.customers, db.serverCustomers],
  async apply(db, changes) {
    // Soft-deleted customers stay (marked `deleted`): the include-deleted filter shows them and
    // they can be restored offline; lists and pickers leave them out (local-db/queries.ts).
    // Only each customer's latest change counts: one who left this branch and came back
    // arrives in one page as a tombstone (the departure) followed by the row again.
    const latest = new Map<string, (typeof changes)[number]>()
    for (const c of [...changes].sort((a, b) => a.version - b.version)) latest.set(c.deleted ? c.id : c.row.id, c)
    const alive: Customer[] = []
    const gone: string[] = []
    for (const c of latest.values()) {
      if (c.deleted) gone.push(c.id)
      else alive.push(c.row)
    }
    const ids = [...alive.map((c) => c.id), ...gone]
    // A separate server copy only where the screens show something else (unsent entries replayed
    // on it), or where one is already held (kept current): a fresh tablet's first pull writes each
    // customer once (issue 25: 100,000 customers).
    const [entries, held] = await Promise.all([
      db.outbox.where('entityId').anyOf(ids).toArray(),
      alive.length
        ? db.serverCustomers
            .where(':id')
            .anyOf(alive.map((c) => c.id))
            .primaryKeys()
        : [],
    ])
    const keep = new Set([...held, ...entries.map((e) => e.entityId)])
    const copies = alive.filter((c) => keep.has(c.id))
    if (copies.length) await db.serverCustomers.bulkPut(copies)
    if (gone.length) {
      await db.serverCustomers.bulkDelete(gone)
      await dropCustomerData(db, gone)
    }
    // The server copies are the rows in hand, not read back from the table.
    const server = new Map(alive.map((c) => [c.id, c]))
    await showCustomers(
      db,
      ids,
      ids.map((id) => server.get(id)),
      entries,
    )
  },
  rebuild: (db, ids) => rebuildCustomers(db, ids),
  mutations,
}

/** Replays outbox entries (already sorted by seq) over the server copy (the customer overlays). */
export function overlay(server: Customer | undefined, entries: OutboxEntry[]): LocalCustomer | undefined {
  const { row, pending, error } = replay<Customer>(mutations, server, entries)
  return row ? toLocal(row, pending, error) : undefined
}

/** A visible row's marks taken off: the server copy it shows when nothing unsent replays on it. */
function serverCopyOf(row: LocalCustomer): Customer {
  const { _pending, _error, _sort, _deleted, ...copy } = row
  return copy
}

/** The last acknowledged copy of a customer (see rebuildCustomers): stored, or the row shown. */
async function serverCopy(db: ReplicaDb, id: string): Promise<Customer | undefined> {
  const copy = await db.serverCustomers.get(id)
  if (copy) return copy
  const row = await db.customers.get(id)
  return row && row._pending === 0 ? serverCopyOf(row) : undefined
}

/**
 * Recomputes the visible rows of the given customers. Call inside a rw transaction over
 * customers, serverCustomers and outbox.
 *
 * `serverCustomers` holds a customer's last acknowledged copy whenever `customers` shows something
 * else (unsent entries replayed on it); a customer with nothing unsent may have none there, its
 * visible row (marks taken off) being that copy. So a row that starts to show unsent work has its
 * copy stored here first.
 */
export async function rebuildCustomers(db: ReplicaDb, ids: Iterable<string>) {
  const unique = [...new Set(ids)]
  if (unique.length === 0) return
  const [copies, shown, entries] = await Promise.all([
    db.serverCustomers.bulkGet(unique),
    db.customers.bulkGet(unique),
    db.outbox.where('entityId').anyOf(unique).toArray(),
  ])
  const pending = new Set(entries.map((e) => e.entityId))
  const servers = unique.map((_, i) => {
    const row = shown[i]
    return copies[i] ?? (row && row._pending === 0 ? serverCopyOf(row) : undefined)
  })
  const store = servers.filter((c, i): c is Customer => !!c && !copies[i] && pending.has(unique[i]))
  if (store.length) await db.serverCustomers.bulkPut(store)
  await showCustomers(db, unique, servers, entries)
}

/** Writes the visible rows of `ids`: each server copy (`servers`, in the same order) with its entries replayed. */
async function showCustomers(db: ReplicaDb, ids: string[], servers: (Customer | undefined)[], entries: OutboxEntry[]) {
  const byEntity = groupByEntity(entries)
  const puts: LocalCustomer[] = []
  const deletes: string[] = []
  ids.forEach((id, i) => {
    const row = overlay(servers[i], byEntity.get(id) ?? [])
    if (row) puts.push(row)
    else deletes.push(id)
  })
  if (puts.length) await db.customers.bulkPut(puts)
  if (deletes.length) await db.customers.bulkDelete(deletes)
}

/**
 * The server refused a customer change: later unsent changes of that customer were made on top
 * of the refused value, so they wait with it as ONE change (sent alone they would be measured
 * against a value the server never had: a false clash). A refused create takes them in as its
 * fields; a refused update merges their changes, each field keeping the base the user first saw.
 * Call inside a rw transaction over customers, serverCustomers and outbox.
 */
export async function foldIntoRefusedCreate(db: ReplicaDb, refused: OutboxEntryOf<'customer.create'>) {
  const later = await laterChanges(db, refused)
  if (later.length === 0) return
  const args = { ...refused.args }
  for (const e of later) Object.assign(args, e.args.changes)
  await db.outbox.bulkDelete(later.map((e) => e.seq!))
  await db.outbox.update(refused.seq!, { args })
}

/** See foldIntoRefusedCreate: a refused update merges them, each field keeping its first base. */
export async function foldIntoRefusedUpdate(db: ReplicaDb, refused: OutboxEntryOf<'customer.update'>) {
  const later = await laterChanges(db, refused)
  if (later.length === 0) return
  const changes = { ...refused.args.changes } as Record<string, unknown>
  const base = { ...refused.args.base } as Record<string, unknown>
  for (const e of later) {
    const c = (e.args.changes ?? {}) as Record<string, unknown>
    const b = (e.args.base ?? {}) as Record<string, unknown>
    for (const f of Object.keys(c)) {
      if (!(f in changes) && f in b) base[f] = b[f]
      changes[f] = c[f]
    }
  }
  await db.outbox.bulkDelete(later.map((e) => e.seq!))
  await db.outbox.update(refused.seq!, { args: { ...refused.args, changes: changes as CustomerFields, base } })
}

/** A customer entry that does not make the row (a create only ever comes first). */
export const isCustomerChange = (e: OutboxEntry) =>
  Object.hasOwn(mutations, e.name) && !mutations[e.name as keyof typeof mutations].createsRow

/** The customer's queued updates after `refused`. */
async function laterChanges(db: ReplicaDb, refused: OutboxEntry) {
  const entries = await db.outbox.where('entityId').equals(refused.entityId).sortBy('seq')
  return entries.filter(
    (e) => e.seq! > refused.seq! && e.status === 'queued' && isCustomerChange(e),
  ) as OutboxEntryOf<'customer.update'>[]
}

/**
 * A refused create is retried as one create of the row as the form shows it now (and, after
 * CUSTOMER_EXISTS_IN_OTHER_BRANCH, with `assignExisting`). Returns false without a row.
 */
export async function retryCreate(
  db: ReplicaDb,
  e: OutboxEntryOf<'customer.create'>,
  opts: { assignExisting?: boolean },
): Promise<boolean> {
  const row = await db.customers.get(e.entityId)
  if (!row) return false
  await foldIntoCreate(db, e.entityId, row, opts.assignExisting ?? e.args.assignExisting === true)
  return true
}

/** Replaces every entry of the customer with one create of `row`, under a new mutation id. */
export async function foldIntoCreate(db: ReplicaDb, id: string, row: Customer, assignExisting: boolean) {
  const fields: Record<string, unknown> = { id }
  for (const f of CUSTOMER_FIELD_NAMES) fields[f] = row[f]
  const args = fields as MutationArgs<'customer.create'>
  if (assignExisting) args.assignExisting = true
  await db.outbox.where('entityId').equals(id).delete()
  await db.outbox.add(entry('customer.create', id, args))
  await rebuildCustomers(db, [id])
}
