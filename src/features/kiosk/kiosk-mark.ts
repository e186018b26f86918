/*
 * The route guard runs before any screen and must answer synchronously: a localStorage mark
 * mirrors "a hand-over is active in this organisation" (the state itself is in IndexedDB,
 * kiosk-db.ts). Its own tiny module so the router's chunk does not pull in Dexie.
 */
const MARK = 'kioskActive'
export const activeKioskSlug = () => globalThis.localStorage?.getItem(MARK) ?? null
export const setKioskMark = (slug: string | null) =>
  slug ? localStorage.setItem(MARK, slug) : localStorage.removeItem(MARK)
