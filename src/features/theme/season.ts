import { SEASONS, type Season, STORAGE_KEYS } from '../../../contract/enums'

/** Spec §9 season primary colours. */
export const SEASON_COLORS: Record<Season, string> = {
  spring: '#96B69A',
  summer: '#C38A4E',
  fall: '#BD7770',
  winter: '#A59C97',
}

/**
 * Spec §4: summer 6 May–5 Aug, fall 6 Aug–5 Nov, winter 6 Nov–5 Feb, spring otherwise.
 * Compared as month*100+day so the winter range can wrap around the new year.
 */
export function seasonForDate(date: Date): Season {
  const md = (date.getMonth() + 1) * 100 + date.getDate()
  if (md >= 506 && md <= 805) return 'summer'
  if (md >= 806 && md <= 1105) return 'fall'
  if (md >= 1106 || md <= 205) return 'winter'
  return 'spring'
}

export type SeasonSetting = Season | 'auto'

export function storedSeasonSetting(): SeasonSetting {
  const v = globalThis.localStorage?.getItem(STORAGE_KEYS.appSeason)
  return v && (SEASONS as readonly string[]).includes(v) ? (v as Season) : 'auto'
}

/** The stored `appSeason` overrides the date (spec §1). */
export function activeSeason(setting: SeasonSetting = storedSeasonSetting(), now = new Date()): Season {
  return setting === 'auto' ? seasonForDate(now) : setting
}
