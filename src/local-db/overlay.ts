import type { Customer, CustomerConflict } from '../../contract/customers'
import type { MutationArgs } from '../../contract/sync'
import type { ReplicaDb } from './db'
import { replay } from './registry'
import type { LocalCustomer, OutboxEntry } from './types'

/*
 * A customer row on screen = the server's last acknowledged copy + this device's unsent changes
 * replayed in seq order. Rebuilding from those two after every pull and every push result is what
 * keeps an unsent edit visible when newer server data arrives ("the UI never loses unsent edits").
 */

const fullName = (c: Pick<Customer, 'firstName' | 'lastName'>) => `${c.firstName} ${c.lastName}`.trim()

/** A customer row made from a `customer.create` entry, before the server has it. */
export function customerFromCreate(args: MutationArgs<'customer.create'>, createdAt: string): Customer {
  const a = args as Partial<Customer> & { id: string }
  return {
    id: a.id,
    organisationId: '',
    email: a.email ?? '',
    firstName: a.firstName ?? '',
    lastName: a.lastName ?? '',
    fullName: fullName({ firstName: a.firstName ?? '', lastName: a.lastName ?? '' }),
    dateOfBirth: a.dateOfBirth ?? null,
    gender: a.gender ?? 'undefined',
    phoneNumber: a.phoneNumber ?? null,
    alternatePhoneNumber: a.alternatePhoneNumber ?? null,
    address: a.address ?? null,
    city: a.city ?? null,
    zipCode: a.zipCode ?? null,
    notes: a.notes ?? null,
    salonIds: a.salonIds ?? [],
    defaultMessagingType: a.defaultMessagingType ?? 'email',
    allowedMessagingTypes: a.allowedMessagingTypes ?? ['email'],
    customValues: a.customValues ?? {},
    deleted: false,
    // Only the customer sets their language; a new customer has none yet.
    language: null,
    createdAt,
    updatedAt: createdAt,
    version: 0,
  }
}

/** A server row as the screens store it. */
export function toLocal(c: Customer, pending = false, error: string | null = null): LocalCustomer {
  const _sort = `${c.lastName} ${c.firstName}`.toLocaleLowerCase('nl')
  return { ...c, _pending: pending ? 1 : 0, _error: error, _sort, _deleted: c.deleted ? 1 : 0 }
}

/** A customer with its full name recomputed (after changed names). */
export const withFullName = (c: Customer): Customer => ({ ...c, fullName: fullName(c) })

/** Replays outbox entries (already sorted by seq) over the server copy (registry overlays). */
export function overlay(server: Customer | undefined, entries: OutboxEntry[]): LocalCustomer | undefined {
  const { row, pending, error } = replay<Customer>('customer', server, entries)
  return row ? toLocal(row, pending, error) : undefined
}

/** Groups outbox entries by the row they touch, each group in seq order. */
export function groupByEntity(entries: OutboxEntry[]): Map<string, OutboxEntry[]> {
  const map = new Map<string, OutboxEntry[]>()
  for (const e of [...entries].sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0))) {
    const list = map.get(e.entityId) ?? []
    list.push(e)
    map.set(e.entityId, list)
  }
  return map
}

/**
 * Recomputes the visible rows of the given customers. Call inside a rw transaction over
 * customers, serverCustomers and outbox.
 */
export async function rebuildCustomers(db: ReplicaDb, ids: Iterable<string>) {
  const unique = [...new Set(ids)]
  if (unique.length === 0) return
  const [servers, entries] = await Promise.all([
    db.serverCustomers.bulkGet(unique),
    db.outbox.where('entityId').anyOf(unique).toArray(),
  ])
  const byEntity = groupByEntity(entries)
  const puts: LocalCustomer[] = []
  const deletes: string[] = []
  unique.forEach((id, i) => {
    const row = overlay(servers[i], byEntity.get(id) ?? [])
    if (row) puts.push(row)
    else deletes.push(id)
  })
  if (puts.length) await db.customers.bulkPut(puts)
  if (deletes.length) await db.customers.bulkDelete(deletes)
}

/** Recomputes conflict rows: a resolve that waits for the server already shows as resolved. */
export async function rebuildConflictOverlay(db: ReplicaDb, conflictIds: Iterable<string>) {
  const ids = [...new Set(conflictIds)]
  if (!ids.length) return
  const byEntity = groupByEntity(await db.outbox.where('entityId').anyOf(ids).toArray())
  for (const [id, entries] of byEntity) {
    const c = await db.customerConflicts.get(id)
    if (!c) continue
    const { row } = replay<CustomerConflict>('customerConflict', c, entries)
    if (row && row !== c) await db.customerConflicts.put(row)
  }
}
