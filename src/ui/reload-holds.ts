import { useEffect, useRef } from 'react'

/*
 * What must not be thrown away by a reload the user did not ask for (ARCHITECTURE: an update
 * "never reloads a page with an open form or a non-empty outbox"): unsaved form input and
 * changes still waiting for the server. Screens register a check; an automatic reload (a stale
 * version after a deploy) asks them first and, when one holds, leaves the choice to the user.
 */
const holds = new Set<() => boolean>()

export function reloadIsSafe(): boolean {
  for (const hold of holds) if (hold()) return false
  return true
}

/** Holds automatic reloads while `active()` is true (read at the moment a reload is considered). */
export function useReloadHold(active: () => boolean) {
  const ref = useRef(active)
  ref.current = active
  useEffect(() => {
    const check = () => ref.current()
    holds.add(check)
    return () => {
      holds.delete(check)
    }
  }, [])
}
