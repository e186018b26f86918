import type { Customer, CustomerConflict } from '../../../contract/customers'
import { type ContactChannel, type Gender, isLanguage } from '../../../contract/enums'
import { getTableColumns } from 'drizzle-orm'
import { type customerConflicts, customers } from '../../db/schema'

/**
 * A customer's columns as the API and the replica read them: all but `search_text` (the index's
 * lower-cased copy of names, e-mail and phone), which no answer carries — read for every row of a
 * page or a feed of 5,000 it was a sixth of the bytes decoded (issue 25).
 */
const { searchText: _indexOnly, ...readColumns } = getTableColumns(customers)
export const customerColumns = readColumns

export type CustomerRow = Omit<typeof customers.$inferSelect, 'searchText'>
export type ConflictRow = typeof customerConflicts.$inferSelect

/** Database row → the API/replica shape (contract Customer). */
export function toCustomer(r: CustomerRow): Customer {
  return {
    id: r.id,
    organisationId: r.organisationId,
    email: r.email,
    firstName: r.firstName,
    lastName: r.lastName,
    fullName: `${r.firstName} ${r.lastName}`,
    dateOfBirth: r.dateOfBirth,
    gender: r.gender as Gender,
    phoneNumber: r.phoneNumber,
    alternatePhoneNumber: r.alternatePhoneNumber,
    address: r.address,
    city: r.city,
    zipCode: r.zipCode,
    notes: r.notes,
    salonIds: r.salonIds,
    defaultMessagingType: r.defaultMessagingType as ContactChannel,
    allowedMessagingTypes: r.allowedMessagingTypes as ContactChannel[],
    customValues: r.customValues ?? {},
    deleted: r.deleted,
    language: isLanguage(r.language) ? r.language : null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    version: r.version,
  }
}

export function toConflict(r: ConflictRow): CustomerConflict {
  return {
    id: r.id,
    customerId: r.customerId,
    field: r.field,
    keptValue: r.keptValue,
    rejectedValue: r.rejectedValue,
    employeeId: r.employeeId,
    clientId: r.clientId,
    createdAt: r.createdAt.toISOString(),
    resolvedAt: r.resolvedAt?.toISOString() ?? null,
    version: r.version,
  }
}
