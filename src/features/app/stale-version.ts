import { reloadIsSafe } from '../../ui/reload-holds'
import { reportError } from './sentry'

/*
 * After a deploy, a page loaded from the previous version asks for chunks that no longer exist
 * ("Failed to fetch dynamically imported module: …"). The fix is the new version: reload once,
 * on our own, when nothing unsaved is on screen. A guard in sessionStorage stops a reload loop
 * when the new version fails too; then (and when something holds the reload) the error screen
 * says so in the user's language and offers Reload.
 */
const GUARD_KEY = 'salon:stale-version-reload'
const GUARD_MS = 60_000
/** A reload is under way: later failures of the same page need no screen of their own. */
let reloading = false

const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|Failed to load module script|ChunkLoadError|Loading (CSS )?chunk [\w-]+ failed/i

export function isStaleVersionError(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error ?? '')
  return CHUNK_ERROR.test(message)
}

function reloadedRecently(): boolean {
  try {
    const at = Number(sessionStorage.getItem(GUARD_KEY) ?? 0)
    return Date.now() - at < GUARD_MS
  } catch {
    return true // No storage: never risk a loop.
  }
}

/**
 * Reloads into the new version when that is safe and was not just tried. True when a reload is
 * under way (the caller should show nothing more); false when the user has to decide.
 */
export function reloadIntoNewVersion(error: unknown): boolean {
  if (reloading) return true
  // Offline, a chunk that did not load is no sign of a new version, and a reload of a page the
  // service worker does not control yet would swap the app for the browser's offline page.
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return false
  reportError(error, { staleVersion: true })
  if (reloadedRecently() || !reloadIsSafe()) return false
  try {
    sessionStorage.setItem(GUARD_KEY, String(Date.now()))
  } catch {
    return false
  }
  reloading = true
  window.location.reload()
  return true
}

/** Vite's own signal that a chunk of this version could not be loaded (`vite:preloadError`). */
export function watchStaleVersion() {
  window.addEventListener('vite:preloadError', (event) => {
    const payload = (event as Event & { payload?: unknown }).payload
    // When the reload is under way, keep the failed import from reaching an error screen.
    if (reloadIntoNewVersion(payload ?? new Error('vite:preloadError'))) event.preventDefault()
  })
}
