import { expect, type Page } from '@playwright/test'

/**
 * Writes one row of the open staff replica's `meta` table directly in IndexedDB (as time passing
 * would leave it: an old last sync, a session end in the past). Dexie's live queries do not see a
 * raw write: reload the page afterwards.
 */
export async function writeReplicaMeta(page: Page, key: string, value: unknown) {
  await page.evaluate(
    async ({ key, value }) => {
      const names = (await indexedDB.databases()).map((d) => d.name ?? '').filter((n) => n.startsWith('salon:'))
      if (names.length !== 1) throw new Error(`expected one staff replica, found ${names.join(', ')}`)
      const db = await new Promise<IDBDatabase>((ok, fail) => {
        const req = indexedDB.open(names[0])
        req.onsuccess = () => ok(req.result)
        req.onerror = () => fail(req.error)
      })
      await new Promise<void>((ok, fail) => {
        const tx = db.transaction('meta', 'readwrite')
        tx.objectStore('meta').put({ key, value })
        tx.oncomplete = () => ok()
        tx.onerror = () => fail(tx.error)
      })
      db.close()
    },
    { key, value },
  )
}

/** The service worker controls the page, so a reload without a network still opens the app. */
export async function serviceWorkerInControl(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
    for (let i = 0; i < 50 && !navigator.serviceWorker.controller; i++) await new Promise((r) => setTimeout(r, 100))
  })
  expect(await page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true)
}
