import { useSyncExternalStore } from 'react'

/*
 * Issue 21 #5: the app asks the browser to keep its storage (unsent work lives there). When the
 * browser refuses (Safari in a tab deletes a site's data after 7 days without use; Chrome refuses
 * a tab that is not installed or bookmarked), the user is told once, plainly, how to keep it:
 * install the app (storage-notice.tsx).
 */
const DISMISSED_KEY = 'storagePersistNoticeDismissed'
let asked = false
let refused = false
const listeners = new Set<() => void>()
const emit = () => {
  for (const l of listeners) l()
}

/** Asks once per page; a refusal shows the notice (unless dismissed on this device before). */
export async function requestPersistentStorage() {
  if (asked) return
  asked = true
  const granted = await navigator.storage?.persist?.().catch(() => null)
  if (granted === false) {
    refused = true
    emit()
  }
}

const subscribe = (l: () => void) => {
  listeners.add(l)
  return () => {
    listeners.delete(l)
  }
}

/** True while the browser refused to keep the storage and the user has not closed the notice. */
export const useStorageNotice = () =>
  useSyncExternalStore(subscribe, () => refused && localStorage.getItem(DISMISSED_KEY) === null)

export function dismissStorageNotice() {
  localStorage.setItem(DISMISSED_KEY, new Date().toISOString())
  emit()
}
