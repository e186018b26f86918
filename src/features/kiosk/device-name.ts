import { useSyncExternalStore } from 'react'
import { kioskDb } from './kiosk-db'

const KEY = 'deviceName'

/*
 * The name staff gave this device ("Tablet balie"), asked once on the tablet and sent with every
 * submission taken on it, so staff read a name, never the device's UUID. Kept like the device id
 * (localStorage and IndexedDB). '' means "asked, left unnamed": it is not asked again.
 */
const listeners = new Set<() => void>()

/** The name, '' when left unnamed, null when never asked. */
export function storedDeviceName(): string | null {
  return globalThis.localStorage?.getItem(KEY) ?? null
}

export async function deviceName(): Promise<string | null> {
  const local = storedDeviceName()
  if (local !== null) return local || null
  const fromIdb = (await kioskDb().meta.get(KEY))?.value
  if (typeof fromIdb === 'string') {
    localStorage.setItem(KEY, fromIdb)
    return fromIdb || null
  }
  return null
}

export async function setDeviceName(name: string) {
  const value = name.trim().slice(0, 60)
  localStorage.setItem(KEY, value)
  await kioskDb().meta.put({ key: KEY, value })
  for (const l of listeners) l()
}

export function useDeviceName(): string | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l)
      return () => listeners.delete(l)
    },
    storedDeviceName,
    () => null,
  )
}
