import { ERRORS, type ErrorBody, type ErrorCode, type FieldError } from '../contract/errors'

/** The one error type of the server. Services throw it; the error handler renders it. */
export class AppError extends Error {
  readonly code: ErrorCode
  readonly status: number
  readonly details?: unknown

  constructor(code: ErrorCode, details?: unknown, message?: string) {
    super(message ?? ERRORS[code].message)
    this.code = code
    this.status = ERRORS[code].status
    this.details = details
  }

  toBody(): ErrorBody {
    return { code: this.code, message: this.message, ...(this.details === undefined ? {} : { details: this.details }) }
  }
}

export const validationError = (fields: FieldError[]) => new AppError('VALIDATION_FAILED', { fields })
