import { useSyncExternalStore } from 'react'
import { Workbox } from 'workbox-window'

/*
 * Service worker registration (src-worker/sw.ts, built by vite-plugin-pwa as /sw.js). A new
 * version is offered, never forced: `updateReady` turns true and the UpdatePrompt asks the user.
 */
let wb: Workbox | null = null
let updateReady = false
const listeners = new Set<() => void>()
const emit = () => {
  for (const l of listeners) l()
}

export function registerServiceWorker() {
  if (wb || typeof navigator === 'undefined' || !('serviceWorker' in navigator) || import.meta.env.DEV) return
  wb = new Workbox('/sw.js', { scope: '/' })
  wb.addEventListener('waiting', () => {
    updateReady = true
    emit()
  })
  void wb.register().catch((e) => console.warn('service worker registration failed', e))
  // Look for a new version now and then (installed apps stay open for days).
  setInterval(() => void wb?.update(), 60 * 60 * 1000)
}

export function useUpdateReady(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l)
      return () => listeners.delete(l)
    },
    () => updateReady,
    () => false,
  )
}

/** Only on the user's click: activate the waiting version, then reload once it controls the page. */
export function applyUpdate() {
  if (!wb) return
  wb.addEventListener('controlling', () => window.location.reload())
  wb.messageSkipWaiting()
}
