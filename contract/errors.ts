/**
 * The error catalogue. Every error the API returns is `{ code, message, details? }` where
 * `code` is one of these keys. `message` is the English text (verbatim from the spec where the
 * spec names one); the client translates by code and falls back to showing the code.
 */
export const ERRORS = {
  /**
   * Request body, query or params failed validation; `details.fields` lists them, each a
   * `FieldError` (below): `{ path, code, params?, message }`. Translate by `code` + `params`,
   * never by `message`, the English text (the spec's verbatim message where the schema has one).
   * A request that cannot be read at all (malformed JSON, wrong content type, a body too large,
   * a broken upload or URL) is VALIDATION_FAILED without `details`: never the parser's text.
   */
  VALIDATION_FAILED: { status: 400, message: 'The request is not valid.' },

  /** No or an expired/invalid session token. */
  UNAUTHENTICATED: { status: 401, message: 'You need to sign in again.' },
  /**
   * Issue 21 #13: a body that is not JSON in UTF-8 (`Content-Type` with another charset, or a
   * type the route does not read): refused whole, never read as something else.
   */
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Send the request as JSON in UTF-8.' },
  /** Issue 21 #13: the body holds bytes that are not valid UTF-8 (never stored as "�"). */
  INVALID_ENCODING: { status: 400, message: 'The request contains characters that are not valid UTF-8.' },
  /** Signed in, but the role or permission for this call is missing. */
  FORBIDDEN: { status: 403, message: 'You do not have permission to do this.' },
  /*
   * Not found (issue 21 #12): a missing row, a row of another tenant or one the caller may not see
   * (never leaked as 403), each saying what is missing, as the spec's "Customer not found." does.
   * "Error 404 - Unfortunately this page not found" is the app's page (spec §2), never an API answer.
   */
  /** An address that is no endpoint of the API (a JSON answer, never the app's page). */
  ROUTE_NOT_FOUND: { status: 404, message: 'This address of the API was not found.' },
  /** A stored file (/storage) that does not exist or the caller may not read. */
  FILE_NOT_FOUND: { status: 404, message: 'File not found.' },
  CUSTOMER_NOT_FOUND: { status: 404, message: 'Customer not found.' },
  ORGANISATION_NOT_FOUND: { status: 404, message: 'Organisation not found.' },
  SALON_NOT_FOUND: { status: 404, message: 'Branch not found.' },
  EMPLOYEE_NOT_FOUND: { status: 404, message: 'Employee not found.' },
  ROLE_NOT_FOUND: { status: 404, message: 'Role not found.' },
  CUSTOM_FIELD_NOT_FOUND: { status: 404, message: 'Custom field not found.' },
  QUESTIONNAIRE_NOT_FOUND: { status: 404, message: 'Questionnaire not found.' },
  SUBMISSION_NOT_FOUND: { status: 404, message: 'Questionnaire submission not found.' },
  /** A questionnaire link (shortcut code) that does not exist or whose customer is removed. */
  SHORTCUT_NOT_FOUND: { status: 404, message: 'Questionnaire link not found.' },
  COMMENT_NOT_FOUND: { status: 404, message: 'Comment not found.' },
  /** A customer's conflicting change (customers/:id/conflicts). */
  CONFLICT_NOT_FOUND: { status: 404, message: 'Conflicting change not found.' },
  SKIN_ANALYSIS_NOT_FOUND: { status: 404, message: 'Skin analysis not found.' },
  /** A CSV import of the caller's branches (customers/imports). */
  IMPORT_NOT_FOUND: { status: 404, message: 'Import not found.' },
  /** A Grow module. */
  ADVICE_NOT_FOUND: { status: 404, message: 'Grow module not found.' },
  ADVICE_GROUP_NOT_FOUND: { status: 404, message: 'Group not found.' },
  ADVICE_CONDITION_NOT_FOUND: { status: 404, message: 'Condition not found.' },
  /** A customer's advice notification (customers/me/notifications). */
  NOTIFICATION_NOT_FOUND: { status: 404, message: 'Notification not found.' },
  /** A document or consent form (or the version named). */
  DOCUMENT_NOT_FOUND: { status: 404, message: 'Document not found.' },
  /** A document sent to this customer (customers/:id/documents/:docId). */
  CUSTOMER_DOCUMENT_NOT_FOUND: { status: 404, message: 'Sent document not found.' },
  /** The signed PDF of an answered document: there is none until the customer answered. */
  /** Issue 24: a course, module or segment of trainings or user manuals (another organisation's too). */
  TRAINING_COURSE_NOT_FOUND: { status: 404, message: 'Course not found.' },
  TRAINING_MODULE_NOT_FOUND: { status: 404, message: 'Module not found.' },
  TRAINING_SEGMENT_NOT_FOUND: { status: 404, message: 'Segment not found.' },
  CERTIFICATE_NOT_FOUND: { status: 404, message: 'Signed document not found.' },
  /** Issue 24: no training certificate with this code (public verify), or not one the caller may download. */
  TRAINING_CERTIFICATE_NOT_FOUND: { status: 404, message: 'Certificate not found.' },
  /** Spec §8: rate limit on sign-in, code and reset calls. */
  TOO_MANY_REQUESTS: { status: 429, message: 'Too many requests, please try again later.' },
  INVALID_CREDENTIALS: { status: 401, message: 'Invalid e-mail address or password.' },
  /** Spec §8: wrong, expired or used customer login code. */
  INVALID_LOGIN_CODE: { status: 400, message: 'Invalid login code: try again.' },
  INVALID_RESET_TOKEN: { status: 400, message: 'This password reset link is invalid or has expired.' },
  CUSTOMER_EMAIL_TAKEN: { status: 409, message: 'Customer with given email address already exists.' },
  /** The customer exists in another branch of the organisation; saving adds this branch. */
  CUSTOMER_EXISTS_IN_OTHER_BRANCH: {
    status: 409,
    message: 'Customer already exists (maybe in another branch); saving updates the assigned branch.',
  },
  COMPANY_NAME_TAKEN: { status: 409, message: 'This company name is already in use.' },
  SLUG_TAKEN: { status: 409, message: 'Web address is already in use.' },
  EMPLOYEE_EMAIL_TAKEN: { status: 409, message: 'An employee with this e-mail address already exists.' },
  CUSTOMERS_LIMIT_REACHED: { status: 402, message: 'Limit reached for customers: update your subscription.' },
  EMPLOYEES_LIMIT_REACHED: { status: 402, message: 'Limit reached for employees: update your subscription.' },
  SALONS_LIMIT_REACHED: { status: 402, message: 'Limit reached for branches: update your subscription.' },
  /** Issue 22: an expired or suspended organisation is read-only until a payment restores it. */
  SUBSCRIPTION_EXPIRED: {
    status: 402,
    message: 'Your subscription has expired: purchase a new subscription to make changes again.',
  },
  /** Issue 22: a feature outside the plan (spec §6 "Features outside the subscription show a prompt to upgrade"). */
  FEATURE_NOT_IN_PLAN: { status: 402, message: 'This feature is not part of your subscription: upgrade to use it.' },
  /** Spec §8; the payment provider refused or failed (nothing was charged). */
  PAYMENT_FAILED: { status: 502, message: 'An error has occurred while processing payment.' },
  /** Spec §8: one answer for an unknown, expired, used-up or not applicable code (no enumeration). */
  INVALID_DISCOUNT_CODE: { status: 400, message: 'Invalid or expired code' },
  /** Spec §4/§8: a yearly subscription never changes to a monthly one. */
  YEARLY_TO_MONTHLY: { status: 409, message: 'Cannot upgrade from a yearly subscription to a monthly one.' },
  /** The chosen option and period are already the current subscription. */
  SUBSCRIPTION_UNCHANGED: { status: 409, message: 'This is already your subscription.' },
  /** Cancelling without a running subscription (or one already cancelled). */
  NO_SUBSCRIPTION: { status: 409, message: 'There is no running subscription to cancel.' },
  SUBSCRIPTION_OPTION_NOT_FOUND: { status: 404, message: 'Subscription option not found.' },
  PAYMENT_NOT_FOUND: { status: 404, message: 'Payment not found.' },
  INVOICE_NOT_FOUND: { status: 404, message: 'Invoice not found.' },
  /**
   * Issue 23: a global admin suspended the organisation: read-only (like an expired subscription)
   * until they reactivate it; buying a subscription does not lift it.
   */
  ORGANISATION_SUSPENDED: {
    status: 423,
    message: 'This organisation has been suspended by the platform administrators: changes are not possible.',
  },
  /** Issue 23: deleting an organisation asks for its exact name; another text changes nothing. */
  DELETE_CONFIRMATION_MISMATCH: {
    status: 400,
    message: 'Type the organisation’s exact name to confirm the deletion.',
  },
  /** Issue 23: an organisation with an active or unpaid subscription is not deleted. */
  ORGANISATION_HAS_SUBSCRIPTION: {
    status: 409,
    message: 'This organisation has an active or unpaid subscription: cancel it before deleting the organisation.',
  },
  /** Issue 23: suspending a suspended organisation, or reactivating one that is not suspended. */
  ORGANISATION_STATE_UNCHANGED: { status: 409, message: 'The organisation is already in this state.' },
  /** Issue 23, spec §8: a purchase that would take the balance beyond the server's maximum; `details.count` is it. */
  /* Issue 23: the global administrators' billing (contract/global-billing.ts). */
  SUBSCRIPTION_NOT_FOUND: { status: 404, message: 'Subscription not found.' },
  /** Cancelling a subscription that has already ended (completed, expired or suspended). */
  SUBSCRIPTION_ENDED: { status: 409, message: 'This subscription has already ended.' },
  /** Cancelling at the end of the term what is already cancelled (ending it now is still possible). */
  SUBSCRIPTION_ALREADY_CANCELLED: {
    status: 409,
    message: 'This subscription is already cancelled: it runs until its valid-to date.',
  },
  /** The provider refused or failed the refund of a cancellation: the subscription is unchanged. */
  REFUND_FAILED: { status: 502, message: 'The payment provider did not refund the payment: nothing was changed.' },
  SUBSCRIPTION_OPTION_CODE_TAKEN: { status: 409, message: 'A plan with this code already exists.' },
  DISCOUNT_CODE_NOT_FOUND: { status: 404, message: 'Discount code not found.' },
  /** Codes are unique case-insensitively. */
  DISCOUNT_CODE_TAKEN: { status: 409, message: 'This discount code already exists.' },
  /** A redeemed code is never deleted (research §7 C5): it is deactivated. */
  DISCOUNT_CODE_USED: { status: 409, message: 'This code has been used: deactivate it instead of deleting it.' },
  /** A redeemed code keeps what organisations got: its code, discount and duration. */
  DISCOUNT_CODE_TERMS_LOCKED: {
    status: 409,
    message: 'This code has been used: its code, discount and duration cannot change. Create a new code instead.',
  },
  WHATSAPP_CREDITS_MAXIMUM: { status: 409, message: 'Cannot exceed a maximum of {{count}} credits.' },
  WHATSAPP_CREDIT_OPTION_NOT_FOUND: { status: 404, message: 'WhatsApp credit bundle not found.' },
  /**
   * Issue 23 G1, the Plug&Pay new-organisation webhook: the call did not carry our webhook key
   * (nothing happens); the webhook is off on this server (no key, API token or product ids set;
   * 503 so Plug&Pay keeps the event and retries); Plug&Pay's API could not be asked about the
   * order (unreachable, a 5xx: Plug&Pay retries the webhook).
   */
  PLUG_AND_PAY_KEY_INVALID: { status: 401, message: 'The Plug&Pay webhook key is missing or wrong.' },
  PLUG_AND_PAY_NOT_CONFIGURED: { status: 503, message: 'The Plug&Pay webhook is not configured on this server.' },
  PLUG_AND_PAY_UNAVAILABLE: { status: 503, message: 'Plug&Pay could not be reached; try again later.' },
  /**
   * Issue 25: this instance is shutting down (readiness, `/health-check`, after SIGTERM): the
   * load balancer sends new requests elsewhere while the ones in flight finish.
   */
  SHUTTING_DOWN: { status: 503, message: 'This server is restarting; try again in a moment.' },
  /** Sync: same mutation id pushed again with a different payload. */
  MUTATION_CONFLICT: { status: 409, message: 'This change was already sent with different content.' },
  /** Sync: the client's schema version is not supported; the client must update. */
  SCHEMA_VERSION_UNSUPPORTED: { status: 409, message: 'Please update the app.' },
  /** Spec §8: a questionnaire submission misses required answers; `details.questionIds` names them. */
  QUESTIONS_UNANSWERED: { status: 400, message: 'Some required questions have not been answered.' },
  /** A change to one's own account (e.g. the kiosk PIN) asked for the current password and it did not match. */
  WRONG_PASSWORD: { status: 400, message: 'The current password is not correct.' },
  /**
   * A role change would leave the organisation without any employee who holds managePermissions
   * through a role (nobody could edit roles or assign them any more).
   */
  LAST_PERMISSIONS_MANAGER: {
    status: 409,
    message: 'At least one employee must keep the permission to manage permissions.',
  },
  /**
   * The change would leave the organisation without an active employee who holds every
   * organisation-level permission (nobody could run the organisation any more).
   */
  LAST_OWNER: {
    status: 409,
    message: 'At least one active employee must keep every organisation permission.',
  },
  /**
   * Without managePermissions, an employee may only grant, change or take away a role whose
   * permissions they hold themselves in that branch (organisation-level ones: anywhere).
   */
  ROLE_NOT_ASSIGNABLE: {
    status: 403,
    message: 'You can only assign roles with permissions you have yourself.',
  },
  /**
   * Without managePermissions, the e-mail address and status of an employee who holds a role
   * the caller could not assign stay out of reach (else: change the e-mail, reset the password,
   * take over the account).
   */
  EMPLOYEE_OUTRANKS_CALLER: {
    status: 403,
    message: 'This employee has permissions you do not have: you cannot change their e-mail address or status.',
  },
  /** An employee never deactivates themselves. */
  CANNOT_DEACTIVATE_SELF: { status: 409, message: 'You cannot deactivate yourself.' },
  /** A new invitation goes only to an employee who has not set a password yet. */
  EMPLOYEE_NOT_INVITED: { status: 409, message: 'This employee has already accepted the invitation.' },
  /** A deactivated employee cannot be acted as (impersonation). */
  EMPLOYEE_DEACTIVATED: { status: 409, message: 'This employee is deactivated.' },
  /** Someone else's comment: only its author or an employee who manages customers in the branch changes it. */
  COMMENT_NOT_AUTHOR: {
    status: 403,
    message: 'Only the author or an employee who manages customers can change this comment.',
  },
  /** Issue 10: a live custom field of the organisation already has this property name. */
  CUSTOM_FIELD_PROPERTY_TAKEN: { status: 409, message: 'A custom field with this property name already exists.' },
  /** Issue 10: customers hold values of this field, so its property name and type stay as they are. */
  CUSTOM_FIELD_IN_USE: {
    status: 409,
    message: 'Customers already have values for this field: its property name and type can no longer change.',
  },
  /** A CSV import can be undone once (customer_imports.undone_at). */
  IMPORT_ALREADY_UNDONE: { status: 409, message: 'This import has already been undone.' },
  /** Undo only within 24 hours of the import (contract/customer-imports.ts IMPORT_UNDO_HOURS). */
  IMPORT_UNDO_EXPIRED: { status: 409, message: 'An import can only be undone within 24 hours.' },
  /** A bulk chunk naming an import of other branches or another employee's import. */
  IMPORT_MISMATCH: { status: 409, message: 'This chunk does not belong to that import.' },
  /** Advice notification (issue 11): the customer does not accept messages on this channel. */
  ADVICE_CHANNEL_NOT_ALLOWED: { status: 409, message: 'This customer does not accept messages this way.' },
  /** Advice notification by WhatsApp to a customer without a phone number. */
  ADVICE_NO_PHONE: { status: 409, message: 'This customer has no phone number.' },
  /** Advice notification by WhatsApp with an empty credit balance. */
  ADVICE_NO_CREDITS: { status: 409, message: 'Not enough Whatsapp credits.' },
  /** Issue 11: a live group of the branch already has this name (case-insensitive). */
  ADVICE_GROUP_NAME_TAKEN: { status: 409, message: 'A group with the given name already exists.' },
  /** Issue 11: a Grow condition still used by modules is not deleted (details.modules names them). */
  ADVICE_CONDITION_IN_USE: {
    status: 409,
    message: 'This condition is used by Grow modules: remove it from them first.',
  },
  /** Spec §4: a consent form is never changed in place or removed (a change is a new version). */
  CONSENT_FORM_IMMUTABLE: { status: 409, message: 'Consent forms cannot be edited or deleted after creation.' },
  /** An accepted consent is evidence: it is never removed from the customer. */
  CONSENT_ACCEPTED: { status: 409, message: 'An accepted consent form cannot be deleted.' },
  /** Accept or decline once: a second, different answer to the same document is refused. */
  DOCUMENT_ALREADY_ANSWERED: { status: 409, message: 'This document has already been answered.' },
  /** An archived information document is not sent again. */
  DOCUMENT_ARCHIVED: { status: 409, message: 'This document is no longer in use.' },
  /**
   * Issue 21 #16: until the owner confirmed their e-mail address (the code mailed at sign-up), the
   * organisation does not e-mail or WhatsApp customers nor invite employees. Nothing was changed.
   */
  EMAIL_NOT_CONFIRMED: {
    status: 403,
    message:
      'Confirm your e-mail address first: until then this organisation cannot send e-mails or WhatsApp messages or invite employees.',
  },
  /** The owner's e-mail confirmation code is wrong, expired or used (five wrong tries burn it). */
  INVALID_CONFIRMATION_CODE: { status: 400, message: 'Invalid confirmation code: try again or request a new one.' },
  /**
   * Issue 23: a global admin acting as an employee may not do this (credentials, payments, hard
   * deletes, changes to the employee's own account, the platform's own calls): nothing changed.
   */
  IMPERSONATION_FORBIDDEN: { status: 403, message: 'Not allowed while impersonating.' },
  /** Issue 23: an employee whose e-mail address is a global admin's is never acted as. */
  IMPERSONATION_TARGET_FORBIDDEN: { status: 403, message: 'A platform administrator cannot be impersonated.' },
  /** Issue 23: a global admin signed in with a password must set up the second factor first. */
  SECOND_FACTOR_SETUP_REQUIRED: { status: 403, message: 'Set up two-step verification first.' },
  /** Issue 23: a global admin signed in with a password must enter the code first. */
  SECOND_FACTOR_REQUIRED: { status: 403, message: 'Enter the code from your authenticator app first.' },
  /** Issue 23: a wrong, old or already used authenticator or recovery code. */
  INVALID_SECOND_FACTOR_CODE: { status: 400, message: 'This code is not correct: try again.' },
  /** Issue 23: the second factor is already set up (a reset goes through the command line). */
  SECOND_FACTOR_ALREADY_SET_UP: { status: 409, message: 'Two-step verification is already set up.' },
  /**
   * Issue 24: an "in order" course opens a segment once the one before it is completed by this
   * employee (`details.previousSegmentId` names it). Nothing was changed.
   */
  TRAINING_SEGMENT_LOCKED: { status: 403, message: 'Complete the previous segment first.' },
  /**
   * Issue 24: a paid course's segment (not a preview) whose course the organisation does not own:
   * its content is not read and no progress is recorded in it. Nothing was changed.
   */
  PAID_COURSE_NOT_OWNED: { status: 403, message: 'Buy this course to open this part.' },
  /** Issue 24: buying a paid course the organisation already owns; nothing is charged. */
  PAID_COURSE_OWNED: { status: 409, message: 'Your organisation already owns this course.' },
  INTERNAL: { status: 500, message: 'Oops! An unexpected error has occurred.' },
} as const satisfies Record<string, { status: number; message: string }>

export type ErrorCode = keyof typeof ERRORS

export type ErrorBody = {
  code: ErrorCode
  message: string
  details?: unknown
}

/**
 * Field-level validation detail, carried in `details.fields` of VALIDATION_FAILED.
 *
 * - `path`: dotted path inside the body, query or params (`questions.2.options`, `q`, `id`);
 *   empty for the value as a whole.
 * - `code`: a contract message key (contract/messages.ts: `required`, `email`, `dateInvalid`,
 *   `questionnaire.duplicateQuestion`, … — the key in locales/<lang>/validation.json) wherever
 *   the rule has a message of its own; else zod's issue code (`too_big`, `too_small`,
 *   `invalid_type`, `invalid_format`, `invalid_value`, `unrecognized_keys`, `not_multiple_of`,
 *   `custom`, …) or one of ours (`FIELD_CODES`).
 * - `params` with a message key: exactly the values its {{placeholders}} take
 *   (`{ value: '31-02-1990' }`; `{}` when it has none). Otherwise what a translation needs, only
 *   these keys: `maximum`, `minimum`, `origin`
 *   (`string` | `number` | `array` | …, whose limit it is; only with too_big / too_small), `exact`, `inclusive`, `format`
 *   (`email`, `uuid`, `regex`, …), `expected` (a type name), `values` (allowed values), `keys`
 *   (unknown keys), `divisor`. E.g. `{ origin: 'string', maximum: 100 }`, `{ format: 'email' }`.
 * - `message`: English (the spec's verbatim text where the schema has one, else zod's).
 */
export type FieldError = { path: string; code: string; params?: Record<string, unknown>; message: string }

/** Field codes of our own (beside zod's issue codes). */
export const FIELD_CODES = {
  /** Text the database cannot store: a NUL character (\u0000) or a lone UTF-16 surrogate. */
  textUnstorable: 'text_unstorable',
  /** JSON nested deeper than the API accepts; `params.maximum` is the bound. */
  tooDeep: 'too_deep',
  /** A client-chosen id that is already taken (never says by whom). */
  idTaken: 'id_taken',
  /** A rule of ours without a contract message (a rule with one answers its key as the code). */
  custom: 'custom',
} as const

/** English messages of our own field codes. */
export const FIELD_MSG = {
  textUnstorable: 'This text contains characters that cannot be stored.',
  tooDeep: 'This value is nested too deeply.',
  idTaken: 'Id already used.',
} as const
