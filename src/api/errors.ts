import { fieldIssueMessage, validationFields } from './field-issues'

/** Any response outside 200–299 (spec §7), or no response at all (status 0 = offline). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
    /** 429/503: seconds until the server takes requests again (its Retry-After header), when it said. */
    readonly retryAfter?: number,
  ) {
    super(message)
  }
  get isNetwork() {
    return this.status === 0
  }
  /**
   * Field messages from VALIDATION_FAILED, by dotted path: contract texts or issue references,
   * for translateValidation (never zod's own English).
   */
  get fieldErrors(): Record<string, string> {
    return Object.fromEntries(validationFields(this.details).map((f) => [f.path, fieldIssueMessage(f)]))
  }
}
