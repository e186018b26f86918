import { useSyncExternalStore } from 'react'

/** Spec §9 names 1200 px as a layout threshold: from there the preview sits beside the editor. */
const QUERY = '(min-width: 1200px)'

export function useWide(): boolean {
  return useSyncExternalStore(
    (l) => {
      const mq = window.matchMedia(QUERY)
      mq.addEventListener('change', l)
      return () => mq.removeEventListener('change', l)
    },
    () => window.matchMedia(QUERY).matches,
  )
}
