import { QUESTIONNAIRE_MSG, SEND_MSG, UPLOAD_MSG } from './questionnaires/messages'
import { CUSTOM_FIELD_MSG } from './custom-fields-messages'
import { ADVICE_MSG } from './advice/messages'
import { DASHBOARD_MSG, SKIN_ANALYSIS_MSG } from './card-messages'
import { DOCUMENT_FORM_MSG } from './documents/messages'
import { SIGNING_MSG } from './documents/signing-messages'
import { DOCUMENT_SEND_MSG } from './documents/send-messages'
import { TRAINING_MSG } from './trainings/messages'

/*
 * The contract's field messages. A field problem of ours travels as `{ path, code, params,
 * message }` (contract/errors.ts FieldError): `code` is the message's key in
 * locales/<lang>/validation.json (`dateInvalid`, `questionnaire.duplicateQuestion`), `params`
 * fills its {{placeholders}} (`{ value: '31-02-1990' }`), and `message` is the English text
 * filled in, verbatim from the spec. Clients translate by code and params, never by the text.
 * This catalogue is the client's English for these keys (src/i18n/contract-english.ts): English is
 * written here only, Dutch in locales/nl/validation.json.
 */

/** Spec §5 messages, verbatim (keys of locales/<lang>/validation.json at the top level). */
export const MSG = {
  email: 'Valid email address is required.',
  branch: 'You must select a branch.',
  currentPassword: 'Current password is required.',
  passwordConfirmation: 'Password confirmation is required.',
  password:
    'Password must contain at least one lowercase letter, one uppercase letter, one number and must consist of at least 8 characters.',
  passwordsMismatch: 'Passwords do not match!',
  legalName: 'Legal company name is required.',
  companyName: 'Company name to use is required.',
  slug: 'Organisation web address is required.',
  branchName: 'Branch name is required.',
  roleName: 'Role name is required.',
  /** Spec §5: an employee needs at least one branch access role. */
  branchAccess: 'At least one branch access role has to be selected for an employee.',
  branchAccessOnePerBranch: 'Choose one role per branch.',
  /** A branch access role naming a role that is not one of the organisation's. */
  role: 'You must select a role.',
  /** EMPLOYEE_EMAIL_TAKEN (contract/errors.ts), shown at the field. */
  employeeEmailTaken: 'An employee with this e-mail address already exists.',
  invoiceLanguage: 'Invoice language is required.',
  language: 'Language is required.',
  phone: 'Phone number must be in the international format: a plus sign, then at least 7 digits.',
  country: 'Country is required.',
  address1: 'Address line 1 is required.',
  postalCode: 'Postal code required.',
  city: 'City is required.',
  contactPerson: 'Contact person is required.',
  vat: 'VAT Number is required.',
  required: 'This field is required.',
  slugFormat: 'Use lowercase letters, digits and dashes only.',
  slugReserved: 'Web address is already in use.',
  /** COMPANY_NAME_TAKEN (contract/errors.ts), shown at the field. */
  companyNameTaken: 'This company name is already in use.',
  loginCode: 'Invalid login code: try again.',
  /** The owner's e-mail confirmation code (issue 21 #16). */
  confirmationCode: 'Enter the 6-character code from the e-mail.',
  /** A typed date that is not shaped like one; a well-shaped date that does not exist is `dateInvalid`. */
  date: 'Use the format dd-mm-yyyy.',
  dateInvalid: '{{value}} is not a valid date.',
  numberInvalid: '{{value}} is not a number.',
  /** Kiosk hand-over (issue 3). */
  kioskPin: 'The PIN must be 4 to 8 digits.',
  /** Issue 23: why a global admin acts as an employee (told to the organisation and the employee). */
  impersonationReason: 'Give a reason of at least 10 characters.',
  /** Issue 23: a global admin's authenticator code (6 digits) or one of their recovery codes. */
  secondFactorCode: 'Enter the 6 digits from your authenticator app or a recovery code.',
} as const

/** Whole-row customer rules (spec §8 texts), checked after the field merge. */
export const CUSTOMER_MSG = {
  notificationType: 'Customer does not accept this notification type.',
  noPhone: 'Customer does not have a phone number.',
  /** Spec §5 (other rules): the CSV import's mapping without an e-mail column. */
  importEmailColumn: 'The CSV import needs an email column selected.',
} as const

type Prefixed<P extends string, T> = { [K in keyof T & string as `${P}${K}`]: T[K] }
function prefixed<P extends string, T extends Record<string, string>>(prefix: P, texts: T): Prefixed<P, T> {
  return Object.fromEntries(Object.entries(texts).map(([k, v]) => [prefix + k, v])) as Prefixed<P, T>
}

/** Every contract message by its key in validation.json. */
export const CONTRACT_MESSAGES = {
  ...MSG,
  ...prefixed('questionnaire.', QUESTIONNAIRE_MSG),
  ...prefixed('send.', SEND_MSG),
  ...prefixed('upload.', UPLOAD_MSG),
  ...prefixed('customer.', CUSTOMER_MSG),
  ...prefixed('customField.', CUSTOM_FIELD_MSG),
  ...prefixed('advice.', ADVICE_MSG),
  ...prefixed('training.', TRAINING_MSG),
  ...prefixed('dashboard.', DASHBOARD_MSG),
  ...prefixed('skinAnalysis.', SKIN_ANALYSIS_MSG),
  ...prefixed('documentForm.', DOCUMENT_FORM_MSG),
  ...prefixed('signing.', SIGNING_MSG),
  ...prefixed('documentSend.', DOCUMENT_SEND_MSG),
}
export type MessageKey = keyof typeof CONTRACT_MESSAGES
/** The values a message's {{placeholders}} take. */
export type MessageParams = Record<string, string>

export const isMessageKey = (code: unknown): code is MessageKey =>
  typeof code === 'string' && Object.hasOwn(CONTRACT_MESSAGES, code)

/** The {{names}} a message text fills in, in order. */
export const placeholders = (text: string): string[] => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1])

/** A contract message in English with its {{placeholders}} filled in. */
export function messageText(code: MessageKey, params: MessageParams = {}): string {
  return CONTRACT_MESSAGES[code].replace(/\{\{(\w+)\}\}/g, (m, k: string) => params[k] ?? m)
}

/** A field problem named by its contract message: what the server sends and forms translate. */
export type ContractIssue = { code: MessageKey; params: MessageParams; message: string }

export function contractIssue(code: MessageKey, params: MessageParams = {}): ContractIssue {
  return { code, params, message: messageText(code, params) }
}

/**
 * A zod issue for `ctx.addIssue`: code `custom`, the English message, and the key (with its
 * values) in `params`, where the server's toFieldError and the forms' zodFieldErrors read it.
 */
export function customIssue(code: MessageKey, params?: MessageParams) {
  return { code: 'custom' as const, message: messageText(code, params), params: { ...params, code } }
}

/**
 * The option of a zod check or schema (`.min(1, msg('required'))`, `.refine(f, msg('icon'))`,
 * `z.string({ error: … })` via `msg(…).error`): the spec's English text as the message, and the key
 * stamped on the issue as `params.code`, as customIssue does. zod hands the issue to the error
 * function before it copies it into the result (a contract test holds it to that).
 */
export function msg(code: MessageKey) {
  return {
    error: (issue: unknown) => {
      const iss = issue as { params?: Record<string, unknown> }
      iss.params = { ...iss.params, code }
      return CONTRACT_MESSAGES[code] as string
    },
  }
}
