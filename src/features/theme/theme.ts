import { useSyncExternalStore } from 'react'
import { STORAGE_KEYS } from '../../../contract/enums'
import { activeSeason, SEASON_COLORS, type SeasonSetting, storedSeasonSetting } from './season'

/*
 * Applies the season as `data-season` on <html>; styles.css maps it to the --color-primary
 * variables, so every component follows the theme without knowing about seasons.
 */
const listeners = new Set<() => void>()

export function applySeason() {
  const season = activeSeason()
  document.documentElement.dataset.season = season
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', SEASON_COLORS[season])
}

export function setSeasonSetting(setting: SeasonSetting) {
  if (setting === 'auto') localStorage.removeItem(STORAGE_KEYS.appSeason)
  else localStorage.setItem(STORAGE_KEYS.appSeason, setting)
  applySeason()
  for (const l of listeners) l()
}

export function useSeasonSetting(): SeasonSetting {
  return useSyncExternalStore((l) => {
    listeners.add(l)
    return () => listeners.delete(l)
  }, storedSeasonSetting)
}

/** Condensed dashboard mode (spec §1), stored as "true"/"false" under `condensedMode`. */
const condensedListeners = new Set<() => void>()
export const getCondensedMode = () => globalThis.localStorage?.getItem(STORAGE_KEYS.condensedMode) === 'true'
export function setCondensedMode(on: boolean) {
  localStorage.setItem(STORAGE_KEYS.condensedMode, String(on))
  for (const l of condensedListeners) l()
}
export function useCondensedMode(): boolean {
  return useSyncExternalStore((l) => {
    condensedListeners.add(l)
    return () => condensedListeners.delete(l)
  }, getCondensedMode)
}
