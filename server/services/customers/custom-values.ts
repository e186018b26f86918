import { type CustomValue, type CustomValues, isCustomValueOf } from '../../../contract/custom-fields'
import type { FieldError } from '../../../contract/errors'
import type { DbOrTx } from '../../db/client'
import { fieldError, validationError } from '../../errors'
import { liveCustomFields } from '../custom-fields/read'
import { sameValue } from './rules'

/*
 * Custom values on customers (issue 10), checked against the organisation's live definitions.
 * Only values a write sets or clears are checked: values of a deleted field stay on the customer
 * untouched (they come back with a new field of that property name, see custom-fields/write.ts),
 * so a replica sending the whole map back with such a value is not refused for it.
 */

/**
 * Problems of the values a write sets (`set`: property → value, undefined = cleared). `prefix` is
 * the body path before `customValues.` (`changes.` for an update). `requireAll` (create): every
 * required field needs a value.
 */
export async function assertCustomValues(
  db: DbOrTx,
  scope: { organisationId: string },
  set: Record<string, CustomValue | undefined>,
  opts: { prefix?: string; requireAll?: boolean; current?: CustomValues } = {},
): Promise<void> {
  const props = Object.keys(set)
  if (props.length === 0 && !opts.requireAll) return
  const defs = await liveCustomFields(db, scope)
  const byName = new Map(defs.map((d) => [d.propertyName, d]))
  const fields: FieldError[] = []
  const path = (p: string) => `${opts.prefix ?? ''}customValues.${p}`
  for (const p of props) {
    const def = byName.get(p)
    const v = set[p]
    if (!def) {
      if (v !== undefined) fields.push(fieldError(path(p), 'customField.unknown'))
      continue
    }
    if (v === undefined) {
      if (def.required) fields.push(fieldError(path(p), 'required'))
    } else if (!isCustomValueOf(def, v)) fields.push(fieldError(path(p), 'customField.value'))
  }
  if (opts.requireAll)
    for (const d of defs)
      if (d.required && set[d.propertyName] === undefined && opts.current?.[d.propertyName] === undefined)
        if (!props.includes(d.propertyName)) fields.push(fieldError(path(d.propertyName), 'required'))
  if (fields.length) throw validationError(fields)
}

export type CustomValueClash = { field: `customValues.${string}`; kept: unknown; rejected: unknown }

/**
 * The field-by-field merge of customValues, property by property (ARCHITECTURE "Offline-first
 * sync"): `next` is the whole map as the client wants it. With `base` (the map the client saw),
 * only the properties the client changed count — another device's edit of another property is
 * kept — and a property whose server value moved away from its base is a clash (the server value
 * stays; the conflict log gets `customValues.<property>`). Without a base, every property that
 * differs from the server is applied, absent ones cleared (the map is the field's new value).
 */
export function mergeCustomValues(
  server: CustomValues,
  next: CustomValues,
  base: unknown,
): { set: Record<string, CustomValue | undefined>; clashes: CustomValueClash[] } {
  const hasBase = !!base && typeof base === 'object' && !Array.isArray(base)
  const seen = (hasBase ? base : {}) as Record<string, unknown>
  const set: Record<string, CustomValue | undefined> = {}
  const clashes: CustomValueClash[] = []
  const props = new Set([...Object.keys(next), ...(hasBase ? Object.keys(seen) : Object.keys(server))])
  for (const p of props) {
    const want = next[p]
    const now = server[p]
    if (hasBase && sameValue(p, seen[p], want)) continue // not changed by this client
    if (sameValue(p, now, want)) continue // already so
    if (!hasBase || sameValue(p, now, seen[p])) set[p] = want
    else clashes.push({ field: `customValues.${p}`, kept: now ?? null, rejected: want ?? null })
  }
  return { set, clashes }
}

/** `server` with `set` applied (undefined clears a property). */
export function applyCustomValues(server: CustomValues, set: Record<string, CustomValue | undefined>): CustomValues {
  const out: CustomValues = { ...server }
  for (const [p, v] of Object.entries(set)) {
    if (v === undefined) delete out[p]
    else out[p] = v
  }
  return out
}
