import type { CustomValues } from '../../contract/custom-fields'

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null)

/**
 * An unsent customer edit's custom values shown over the row (issue 10), property by property as
 * the server merges them: only the properties the edit changed from what it was based on, so
 * another device's newer value of another property (arrived meanwhile) stays visible.
 */
export function overlayCustomValues(row: CustomValues, next: CustomValues, base: unknown): CustomValues {
  if (!base || typeof base !== 'object' || Array.isArray(base)) return next
  const seen = base as Record<string, unknown>
  const out: CustomValues = { ...row }
  for (const p of new Set([...Object.keys(next), ...Object.keys(seen)])) {
    if (same(seen[p], next[p])) continue
    if (next[p] === undefined) delete out[p]
    else out[p] = next[p]
  }
  return out
}
