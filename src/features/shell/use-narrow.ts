import { useSyncExternalStore } from 'react'

/** Below the responsive breakpoint (768 px) the side navigation collapses to 45 px (spec §9). */
const QUERY = '(max-width: 767.98px)'

export function useNarrow(): boolean {
  return useSyncExternalStore(
    (l) => {
      const mq = window.matchMedia(QUERY)
      mq.addEventListener('change', l)
      return () => mq.removeEventListener('change', l)
    },
    () => window.matchMedia(QUERY).matches,
  )
}
