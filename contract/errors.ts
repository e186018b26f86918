/**
 * The error catalogue. Every error the API returns is `{ code, message, details? }` where
 * `code` is one of these keys. `message` is the English text (verbatim from the spec where the
 * spec names one); the client translates by code and falls back to showing the code.
 */
export const ERRORS = {
  /** Request body, query or params failed schema validation; `details.fields` lists them. */
  VALIDATION_FAILED: { status: 400, message: 'The request is not valid.' },
  /** No or an expired/invalid session token. */
  UNAUTHENTICATED: { status: 401, message: 'You need to sign in again.' },
  /** Signed in, but the role or permission for this call is missing. */
  FORBIDDEN: { status: 403, message: 'You do not have permission to do this.' },
  /** Any missing row, and any row of another tenant (never leaked as 403). */
  NOT_FOUND: { status: 404, message: 'Error 404 - Unfortunately this page not found' },
  CUSTOMER_NOT_FOUND: { status: 404, message: 'Customer not found.' },
  ORGANISATION_NOT_FOUND: { status: 404, message: 'Error 404 - Unfortunately this page not found' },
  SALON_NOT_FOUND: { status: 404, message: 'Error 404 - Unfortunately this page not found' },
  EMPLOYEE_NOT_FOUND: { status: 404, message: 'Error 404 - Unfortunately this page not found' },
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
  /** Sync: same mutation id pushed again with a different payload. */
  MUTATION_CONFLICT: { status: 409, message: 'This change was already sent with different content.' },
  /** Sync: the client's schema version is not supported; the client must update. */
  SCHEMA_VERSION_UNSUPPORTED: { status: 409, message: 'Please update the app.' },
  /** Spec §8: a questionnaire submission misses required answers; `details.questionIds` names them. */
  QUESTIONS_UNANSWERED: { status: 400, message: 'Some required questions have not been answered.' },
  /** A change to one's own account (e.g. the kiosk PIN) asked for the current password and it did not match. */
  WRONG_PASSWORD: { status: 400, message: 'The current password is not correct.' },
  INTERNAL: { status: 500, message: 'Oops! An unexpected error has occurred.' },
} as const satisfies Record<string, { status: number; message: string }>

export type ErrorCode = keyof typeof ERRORS

export type ErrorBody = {
  code: ErrorCode
  message: string
  details?: unknown
}

/** Field-level validation detail, carried in `details.fields` of VALIDATION_FAILED. */
export type FieldError = { path: string; message: string }
