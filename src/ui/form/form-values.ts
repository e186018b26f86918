import { ApiError } from '../../api/client'

/*
 * The pure parts of the form engine (use-entity-form.ts): what counts as a change, and which of
 * a server's refusals belong on a field. Kept apart so they are tested without a browser.
 */

/** Deep equality of form values (plain data: strings, numbers, booleans, arrays, objects). */
export function sameValues(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime()
  if (typeof a !== 'object' || typeof b !== 'object' || !a || !b) return false
  if (Array.isArray(a) !== Array.isArray(b)) return false
  const ka = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined)
  const kb = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined)
  if (ka.length !== kb.length) return false
  return ka.every((k) => sameValues((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
}

/**
 * The field messages of a server refusal: a VALIDATION_FAILED answer's `details.fields`, one kept
 * message (an issue reference for translateValidation) per path. Null for any other error and
 * for a VALIDATION_FAILED without fields: the form shows those as its general error.
 */
export function serverFieldErrors(err: unknown): Record<string, string> | null {
  if (!(err instanceof ApiError) || err.code !== 'VALIDATION_FAILED') return null
  const fields = err.fieldErrors
  return Object.keys(fields).length ? fields : null
}
