import type { Customer } from '../../contract/customers'
import type { MutationArgs } from '../../contract/sync'
import type { LocalCustomer } from './types'

/*
 * A customer row on screen = the server's last acknowledged copy + this device's unsent changes
 * replayed in seq order (entities/customer.ts). The rows those replays start from and make.
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
