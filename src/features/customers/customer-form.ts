import type { TFunction } from 'i18next'
import { type CustomerFields, customerFieldsIn } from '../../../contract/customers'
import { formatPhone } from '../../../contract/phone'
import { employeePhoneRegion } from '../auth/phone-region'
import type { ContactChannel, Gender } from '../../../contract/enums'
import { parseDateText } from '../../../contract/dates'
import { dateTextError } from '../../../contract/validation'
import type { Customer } from '../../../contract/customers'
import { fieldIssueMessage, messageRef, translateValidation, zodFieldErrors } from '../../ui/errors'
import { formatDate } from '../../ui/format'
import type { CustomField, CustomValues } from '../../../contract/custom-fields'
import { customValueTexts, readCustomValues } from '../custom-fields/custom-value-form'

/** What the drawer edits: strings as typed (date as dd-MM-yyyy), lists as chosen. */
export type CustomerForm = {
  email: string
  firstName: string
  lastName: string
  dateOfBirth: string
  gender: Gender
  phoneNumber: string
  alternatePhoneNumber: string
  address: string
  city: string
  zipCode: string
  notes: string
  salonIds: string[]
  defaultMessagingType: ContactChannel
  allowedMessagingTypes: ContactChannel[]
  /** Custom field values as typed, by property name (issue 10; read with parseCustomValue). */
  customValues: Record<string, string>
}

export function emptyForm(salonId: string): CustomerForm {
  return {
    email: '',
    firstName: '',
    lastName: '',
    dateOfBirth: '',
    gender: 'undefined',
    phoneNumber: '',
    alternatePhoneNumber: '',
    address: '',
    city: '',
    zipCode: '',
    notes: '',
    salonIds: [salonId],
    defaultMessagingType: 'email',
    allowedMessagingTypes: ['email'],
    customValues: {},
  }
}

export function formFromCustomer(c: Customer, fields: readonly CustomField[] = []): CustomerForm {
  return {
    email: c.email,
    firstName: c.firstName,
    lastName: c.lastName,
    dateOfBirth: formatDate(c.dateOfBirth),
    gender: c.gender,
    // Shown as people dial it (06 12345678); saved as E.164 again by the schema.
    phoneNumber: formatPhone(c.phoneNumber, employeePhoneRegion()),
    alternatePhoneNumber: formatPhone(c.alternatePhoneNumber, employeePhoneRegion()),
    address: c.address ?? '',
    city: c.city ?? '',
    zipCode: c.zipCode ?? '',
    notes: c.notes ?? '',
    salonIds: c.salonIds,
    defaultMessagingType: c.defaultMessagingType,
    allowedMessagingTypes: c.allowedMessagingTypes,
    customValues: customValueTexts(fields, c.customValues ?? {}),
  }
}

export type FormResult = { ok: true; fields: CustomerFields } | { ok: false; errors: Record<string, string> }

/**
 * Client-side validation with the contract schema (the server runs the same one), messages
 * translated. The default messaging type must be one of the allowed types.
 */
export function validateForm(
  t: TFunction,
  form: CustomerForm,
  customFields: readonly CustomField[] = [],
  kept: CustomValues = {},
): FormResult {
  const dob = parseDateText(form.dateOfBirth)
  // National numbers (0612345678) are read in the organisation's country, stored as E.164.
  const parsed = customerFieldsIn(employeePhoneRegion()).safeParse({
    ...form,
    dateOfBirth: dob.ok ? dob.iso : null,
    customValues: {},
  })
  const errors: Record<string, string> = parsed.success ? {} : zodFieldErrors(parsed.error)
  // Custom fields (issue 10): read with the one parser; messages are already in the reader's language.
  const custom = readCustomValues(t, customFields, form.customValues, kept)
  const customErrors = custom.ok ? {} : custom.errors
  // 31-02-1990 is shaped right but no day: say so, rather than "use the format".
  const dobError = dateTextError(form.dateOfBirth)
  if (dobError) errors.dateOfBirth = fieldIssueMessage(dobError)
  // The server's whole-row rule (services/customers/rules.ts), checked here too so it shows at once.
  if (form.allowedMessagingTypes.length === 0) errors.allowedMessagingTypes ??= messageRef('required')
  else if (!form.allowedMessagingTypes.includes(form.defaultMessagingType))
    errors.defaultMessagingType ??= messageRef('customer.notificationType')
  if (Object.keys(errors).length || !parsed.success || !custom.ok) {
    return {
      ok: false,
      errors: {
        ...Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, translateCustomerMessage(t, v)])),
        ...customErrors,
      },
    }
  }
  return { ok: true, fields: { ...parsed.data, customValues: custom.values } }
}

/** A kept field message (an issue reference; the customer rules of spec §8 are `customer.*`). */
export function translateCustomerMessage(t: TFunction, message: string): string {
  return translateValidation(t, message)
}
