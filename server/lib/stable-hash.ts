import { createHash } from 'node:crypto'

/** Object keys sorted at every depth, so key order never changes the JSON. */
function stable(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(stable)
  if (v && typeof v === 'object')
    return Object.fromEntries(
      Object.keys(v)
        .sort()
        .map((k) => [k, stable((v as Record<string, unknown>)[k])]),
    )
  return v
}

/**
 * SHA-256 of a value's canonical JSON: the same content re-sent hashes the same, whatever the
 * key order (idempotency checks of sync mutations and submissions).
 */
export const stableHash = (value: unknown): string =>
  createHash('sha256')
    .update(JSON.stringify(stable(value)))
    .digest('hex')
