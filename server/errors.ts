import { ERRORS, type ErrorBody, type ErrorCode, FIELD_CODES, FIELD_MSG, type FieldError } from '../contract/errors'
import { contractIssue, type MessageKey, type MessageParams } from '../contract/messages'

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
 * A field error with a contract message: `code` is the message key, `params` its values, `message`
 * the English text filled in (`fieldError('answers.q1', 'dateInvalid', { value: '31-02-1990' })`).
 */
export const fieldError = (path: string, code: MessageKey, params?: MessageParams): FieldError => ({
  path,
  ...contractIssue(code, params),
})

/**
 * A client-chosen id that is taken: one answer whoever holds it (this organisation or another,
 * a row the caller may see or not), so it says nothing about where the id exists.
 */
export const idTaken = () => validationError([{ path: 'id', code: FIELD_CODES.idTaken, message: FIELD_MSG.idTaken }])

/** An upload that is not an accepted image, or too large: the code says which. */
export const invalidFile = (
  code:
    | 'upload.imageType'
    | 'upload.imageSize'
    | 'upload.audioType'
    | 'upload.audioSize'
    | 'documentForm.pdfType'
    | 'documentForm.pdfSize',
) => validationError([fieldError('file', code)])
