import type { Customer } from '../../contract/customers'
import type { ReplicaDb } from './db'
import type { LocalCustomer, OutboxEntry } from './types'

/*
 * A customer row on screen = the server's last acknowledged copy + this device's unsent changes
 * replayed in seq order. Rebuilding from those two after every pull and every push result is what
 * keeps an unsent edit visible when newer server data arrives ("the UI never loses unsent edits").
 */

const fullName = (c: Pick<Customer, 'firstName' | 'lastName'>) => `${c.firstName} ${c.lastName}`.trim()

/** A customer row made from a `customer.create` entry, before the server has it. */
export function customerFromCreate(args: Record<string, unknown>, createdAt: string): Customer {
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
    deleted: false,
    createdAt,
    updatedAt: createdAt,
    version: 0,
  }
}

/** A server row as the screens store it. */
export function toLocal(c: Customer, pending = false, error: string | null = null): LocalCustomer {
  const _sort = `${c.lastName} ${c.firstName}`.toLocaleLowerCase('nl')
  return { ...c, _pending: pending ? 1 : 0, _error: error, _sort }
}

/** Replays outbox entries (already sorted by seq) over the server copy. */
export function overlay(server: Customer | undefined, entries: OutboxEntry[]): LocalCustomer | undefined {
  let row: Customer | undefined = server
  let pending = false
  let error: string | null = null
  for (const e of entries) {
    if (e.name === 'customer.create') {
      pending = true
      if (!row) row = customerFromCreate(e.args, e.createdAt)
    } else if (e.name === 'customer.update') {
      pending = true
      const changes = (e.args.changes ?? {}) as Partial<Customer>
      if (row) row = { ...row, ...changes, fullName: fullName({ ...row, ...changes }) }
    } else continue
    if (e.status === 'needsAttention' && !error) error = e.error?.code ?? 'ERROR'
  }
  if (!row) return undefined
  return toLocal(row, pending, error)
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
export async function rebuildConflictOverlay(db: ReplicaDb, conflictIds: string[]) {
  if (!conflictIds.length) return
  const entries = await db.outbox.where('entityId').anyOf(conflictIds).toArray()
  for (const e of entries) {
    if (e.name !== 'customerConflict.resolve') continue
    const c = await db.customerConflicts.get(e.entityId)
    if (c && !c.resolvedAt) await db.customerConflicts.put({ ...c, resolvedAt: e.createdAt })
  }
}
