import { useCallback, useSyncExternalStore } from 'react'
import type { CustomField } from '../../../contract/custom-fields'

/*
 * Which custom fields the customer list shows as columns (issue 10): a choice of this device,
 * kept in localStorage per organisation (tablets at one desk may want other columns). Ids of
 * fields since deleted are simply not shown.
 */

const key = (orgId: string) => `salon.customerColumns.${orgId}`
const listeners = new Set<() => void>()
const subscribe = (fn: () => void) => {
  listeners.add(fn)
  return () => listeners.delete(fn)
}

function read(orgId: string): string {
  try {
    return globalThis.localStorage?.getItem(key(orgId)) ?? '[]'
  } catch {
    return '[]'
  }
}

function parse(raw: string): string[] {
  try {
    const v: unknown = JSON.parse(raw)
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []
  } catch {
    return []
  }
}

/** The chosen column ids and a setter; `columns` are the chosen live fields in field order. */
export function useColumnChoice(orgId: string | undefined, fields: readonly CustomField[]) {
  const raw = useSyncExternalStore(subscribe, () => (orgId ? read(orgId) : '[]'))
  const chosen = parse(raw)
  const setChosen = useCallback(
    (ids: string[]) => {
      if (!orgId) return
      try {
        localStorage.setItem(key(orgId), JSON.stringify(ids))
      } catch {
        // Private mode or a full storage: the choice lasts until the page is left.
      }
      for (const fn of listeners) fn()
    },
    [orgId],
  )
  const columns = fields.filter((f) => chosen.includes(f.id))
  return { chosen, columns, setChosen }
}
