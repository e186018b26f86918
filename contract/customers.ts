import { z } from 'zod'
import { msg } from './messages'
import { ZCustomValues } from './custom-fields'
import { ZContactChannel, ZGender, ZLanguage } from './enums'
import type { PhoneRegion } from './phone'
import { zEmail, zIsoDate, zOptionalPhone, zOptionalPhoneIn, zOptionalText, zPageBody, zPageQuery } from './validation'

/**
 * Spec §3 Customer fields editable by staff. `salonIds` are the assigned branches (at least one).
 * Optional text fields are null when empty.
 */
export const ZCustomerFields = z.object({
  email: zEmail,
  firstName: z.string().trim().min(1, msg('required')).max(100),
  lastName: z.string().trim().min(1, msg('required')).max(100),
  dateOfBirth: zIsoDate.nullish().transform((v) => v ?? null),
  gender: ZGender.default('undefined'),
  phoneNumber: zOptionalPhone,
  alternatePhoneNumber: zOptionalPhone,
  address: zOptionalText(200),
  city: zOptionalText(100),
  zipCode: zOptionalText(20),
  notes: zOptionalText(5000),
  salonIds: z.array(z.string().uuid()).min(1, msg('branch')),
  defaultMessagingType: ZContactChannel.default('email'),
  allowedMessagingTypes: z.array(ZContactChannel).default(['email']),
  /** The organisation's custom fields (contract/custom-fields.ts), checked against their definitions. */
  customValues: ZCustomValues.default({}),
})
export type CustomerFields = z.infer<typeof ZCustomerFields>
/** The same fields with national phone numbers read in the organisation's region (forms). */
export const customerFieldsIn = (region: PhoneRegion | undefined) =>
  ZCustomerFields.extend({ phoneNumber: zOptionalPhoneIn(region), alternatePhoneNumber: zOptionalPhoneIn(region) })
export const CUSTOMER_FIELD_NAMES = Object.keys(ZCustomerFields.shape) as (keyof CustomerFields)[]

/** Create: the client may supply the id (UUID v7) so an offline create can be retried safely. */
export const ZCreateCustomer = ZCustomerFields.extend({
  id: z.string().uuid().optional(),
  /** After CUSTOMER_EXISTS_IN_OTHER_BRANCH: add these branches to the existing customer instead. */
  assignExisting: z.boolean().optional(),
})
export type CreateCustomer = z.input<typeof ZCreateCustomer>

/**
 * Update: only the changed fields, and (for offline edits) the values they were based on. The
 * server merges field by field; a field whose server value moved away from `base` is a clash.
 */
export const ZCustomerChanges = ZCustomerFields.extend({
  // No defaults here: a field left out of an edit must stay untouched, not reset to its default.
  gender: ZGender,
  defaultMessagingType: ZContactChannel,
  allowedMessagingTypes: z.array(ZContactChannel),
  customValues: ZCustomValues,
  /**
   * Soft delete (spec "deleted flag"; issue 10): true hides the customer from lists and pickers,
   * false restores them. An optional addition, so customer.update args of version 1 stay valid.
   */
  deleted: z.boolean(),
}).partial()
export const ZUpdateCustomer = z.object({
  changes: ZCustomerChanges,
  base: z.record(z.string(), z.unknown()).optional(),
})
export type UpdateCustomer = z.input<typeof ZUpdateCustomer>

export const ZCustomer = z.object({
  id: z.string().uuid(),
  organisationId: z.string().uuid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  dateOfBirth: z.string().nullable(),
  gender: ZGender,
  phoneNumber: z.string().nullable(),
  alternatePhoneNumber: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  zipCode: z.string().nullable(),
  notes: z.string().nullable(),
  salonIds: z.array(z.string().uuid()),
  defaultMessagingType: ZContactChannel,
  allowedMessagingTypes: z.array(ZContactChannel),
  customValues: ZCustomValues,
  deleted: z.boolean(),
  /**
   * The customer's own language (issue 11: mails "in their language"); null until they choose
   * one in their area or sign in. Set by the customer only (PUT /customers/me), staff read it.
   */
  language: ZLanguage.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
})
export type Customer = z.infer<typeof ZCustomer>

/**
 * The customer's own profile (GET/PUT /customers/me, customer session): a customer never reads
 * what staff wrote about them, so the staff `notes` are not part of it (issue 7 #12), nor the
 * salon's own custom fields (issue 10: the salon's bookkeeping, not the customer's profile).
 */
export const ZCustomerSelf = ZCustomer.omit({ notes: true, customValues: true })
export type CustomerSelf = z.infer<typeof ZCustomerSelf>

/** Result of an update: the merged row plus the fields that clashed (kept at the server value). */
export const ZUpdateCustomerResult = z.object({
  customer: ZCustomer,
  conflicts: z.array(z.string()),
})

export const ZCustomerListQuery = z.object({
  salonId: z.string().uuid().optional(),
  search: z.string().trim().max(200).optional(),
  ...zPageQuery,
  // Query strings are text: "false" must mean false (z.coerce.boolean would say true).
  includeDeleted: z.stringbool().default(false),
})
/** POST /customers/search body. */
export const ZCustomerSearch = z.object({
  search: z.string().trim().max(200).default(''),
  salonId: z.string().uuid().optional(),
  ...zPageBody,
  includeDeleted: z.boolean().default(false),
})
export type CustomerSearch = z.input<typeof ZCustomerSearch>

/** GET /customers/all: a light list for pickers. */
export const ZCustomerSummary = z.object({ id: z.string().uuid(), fullName: z.string(), email: z.string() })

/** GET /customers/email answer. */
export const ZCustomerEmailLookup = z.object({ exists: z.boolean(), inYourBranches: z.boolean() })

export { CUSTOMER_MSG } from './messages'

export const ZCustomerList = z.object({
  items: z.array(ZCustomer),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
})

/** Customer's own profile (PUT /customers/me): the fields a customer may change themselves. */
export const ZUpdateMe = ZCustomerChanges.pick({
  firstName: true,
  lastName: true,
  dateOfBirth: true,
  gender: true,
  phoneNumber: true,
  alternatePhoneNumber: true,
  address: true,
  city: true,
  zipCode: true,
})
  // The language switch of the customer area saves the choice (mails follow it).
  .extend({ language: ZLanguage })
  .partial()

/** A same-field clash recorded by the server's field merge; staff see and resolve these. */
export const ZCustomerConflict = z.object({
  id: z.string().uuid(),
  customerId: z.string().uuid(),
  field: z.string(),
  keptValue: z.unknown(),
  rejectedValue: z.unknown(),
  employeeId: z.string().uuid().nullable(),
  clientId: z.string().nullable(),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
  version: z.number().int(),
})
export type CustomerConflict = z.infer<typeof ZCustomerConflict>

/** The current customers filter, for GET /customers/export (the list as CSV). */
export const ZCustomerExportQuery = ZCustomerListQuery.pick({ salonId: true, search: true, includeDeleted: true })

/** DELETE /customers/{id} (hard delete): what was removed, counted (no personal data). */
export const ZHardDeleteResult = z.object({
  id: z.string().uuid(),
  submissions: z.number().int(),
  photos: z.number().int(),
  comments: z.number().int(),
  conflicts: z.number().int(),
  activities: z.number().int(),
  /** Documents sent to them (issue 12); their consent evidence keeps its hashes, erased of personal data. */
  documents: z.number().int(),
})
export type HardDeleteResult = z.infer<typeof ZHardDeleteResult>
