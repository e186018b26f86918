import { ERRORS, type ErrorBody, type ErrorCode, FIELD_CODES, FIELD_MSG, type FieldError } from '../contract/errors'

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

/**
 * A client-chosen id that is taken: one answer whoever holds it (this organisation or another,
 * a row the caller may see or not), so it says nothing about where the id exists.
 */
export const idTaken = () => validationError([{ path: 'id', code: FIELD_CODES.idTaken, message: FIELD_MSG.idTaken }])

/** An upload that is not an accepted image (or too large): `message` says which. */
export const invalidFile = (message: string) => validationError([{ path: 'file', code: FIELD_CODES.file, message }])
