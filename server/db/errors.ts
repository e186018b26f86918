/**
 * PostgreSQL errors by what a retry can change. Both drivers (node-postgres and PGlite) carry
 * the SQLSTATE as `code`; drizzle wraps them, so the cause chain is searched.
 */
export function sqlState(err: unknown): string | null {
  let e: unknown = err
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    const code = (e as { code?: unknown }).code
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code
    e = (e as { cause?: unknown }).cause
  }
  return null
}

/**
 * Classes whose failure is caused by the data sent, so the same statement fails again however
 * often it is retried: 22 data exception (NUL in text, a value out of range, bad JSON text),
 * 23 integrity constraint violation, 54 program limit exceeded (e.g. an index row too large).
 * Everything else — 08 connection, 40 serialization failure / deadlock, 53 resources, 57
 * shutdown — may pass on a later attempt.
 */
const PERMANENT_CLASSES = new Set(['22', '23', '54'])

export function isPermanentDataError(err: unknown): boolean {
  const state = sqlState(err)
  return state !== null && PERMANENT_CLASSES.has(state.slice(0, 2))
}
