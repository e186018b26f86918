/**
 * PostgreSQL errors by what a retry can change. Both drivers (node-postgres and PGlite) carry
 * the SQLSTATE as `code`; drizzle wraps them, so the cause chain is searched.
 */
export function sqlState(err: unknown): string | null {
  return driverError(err)?.code ?? null
}

/** The driver's error in drizzle's cause chain: the one carrying a SQLSTATE. */
function driverError(err: unknown): { code: string; constraint?: string } | null {
  let e: unknown = err
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    const o = e as { code?: unknown; constraint?: unknown }
    if (typeof o.code === 'string' && /^[0-9A-Z]{5}$/.test(o.code))
      return { code: o.code, constraint: typeof o.constraint === 'string' ? o.constraint : undefined }
    e = (e as { cause?: unknown }).cause
  }
  return null
}

/**
 * A unique violation (23505) → the constraint's name ('unique' when the driver gives none), so
 * two concurrent writes of one e-mail or code get the domain error, not a 400; null otherwise.
 */
export function uniqueViolation(err: unknown): string | null {
  const e = driverError(err)
  return e?.code === '23505' ? (e.constraint ?? 'unique') : null
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
