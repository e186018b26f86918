import { v7 as uuidv7 } from 'uuid'
import { kioskDb } from './kiosk-db'

const KEY = 'deviceId'

/**
 * A stable id of this tablet, recorded with every kiosk submission (which device it was taken
 * on). Kept in localStorage and IndexedDB: either one surviving a browser clean-up keeps it.
 */
export async function deviceId(): Promise<string> {
  const db = kioskDb()
  const fromLocal = localStorage.getItem(KEY)
  const fromIdb = (await db.meta.get(KEY))?.value
  const id = fromLocal ?? fromIdb ?? `d-${uuidv7()}`
  if (fromLocal !== id) localStorage.setItem(KEY, id)
  if (fromIdb !== id) await db.meta.put({ key: KEY, value: id })
  return id
}

/** This device's id if it has one yet (synchronous, for screens). */
export function thisDeviceId(): string | null {
  return globalThis.localStorage?.getItem(KEY) ?? null
}
