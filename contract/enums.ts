import { z } from 'zod'

export const LANGUAGES = ['nl', 'en'] as const
export const ZLanguage = z.enum(LANGUAGES)
export type Language = z.infer<typeof ZLanguage>
/** A stored value as a known language (a plain check: it runs for every row of a customer list). */
export const isLanguage = (v: unknown): v is Language => (LANGUAGES as readonly unknown[]).includes(v)
/** Spec §1: Dutch is the default language. */
export const DEFAULT_LANGUAGE: Language = 'nl'

export const ROLES = ['customer', 'employee', 'globalAdmin'] as const
export type Role = (typeof ROLES)[number]

export const ZGender = z.enum(['female', 'male', 'undefined'])
export type Gender = z.infer<typeof ZGender>

export const ZContactChannel = z.enum(['email', 'whatsapp'])
export type ContactChannel = z.infer<typeof ZContactChannel>

export const SEASONS = ['spring', 'summer', 'fall', 'winter'] as const
export type Season = (typeof SEASONS)[number]

/** Spec §1: browser storage keys. */
export const STORAGE_KEYS = {
  language: 'language',
  appSeason: 'appSeason',
  condensedMode: 'condensedMode',
  loggedInEmployeeUser: 'loggedInEmployeeUser',
  slug: 'slug',
} as const
