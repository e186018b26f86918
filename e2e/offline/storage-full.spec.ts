import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { type BrowserContext, type CDPSession, chromium, expect, type Page, test } from '@playwright/test'
import { screenshotAllSizes, signedInNewOrganisation } from '../fixtures/api'
import { useLanguage } from '../fixtures/language'
import { CustomersPage } from '../pages/customers'
import { serviceWorkerInControl } from './replica-meta'

/*
 * Issue 21 #6: a tablet that runs out of storage while saving, in a real browser. Chromium applies
 * a quota set through DevTools (`Storage.overrideQuotaForOrigin`) to its default profile only, and
 * only while the DevTools session that set it is attached: this spec runs in a persistent context
 * of its own with one session for the whole test.
 *
 * IndexedDB remembers the room it was last told it has and hands it out for up to 30 s before
 * asking again, unless a write needs more than that. So the device starts with ROOM bytes for the
 * app, and after each change of quota one write larger than that (random bytes: IndexedDB
 * compresses what it stores) makes the browser ask again; from then on the app's saves meet the
 * new quota at once.
 */

const ROOM = 30_000_000

let dir: string
let context: BrowserContext
let page: Page
let origin: string
let cdp: CDPSession

const overrideQuota = (quotaSize: number) => cdp.send('Storage.overrideQuotaForOrigin', { origin, quotaSize })

async function usageNow() {
  const { usage } = (await cdp.send('Storage.getUsageAndQuota', { origin })) as { usage: number }
  return usage
}

/**
 * Makes IndexedDB ask for its room again: one transaction needing more than the room it may
 * still hand out (at most `room`), in values small enough to be stored inline.
 */
async function refreshRoom(room: number) {
  const outcome = await page.evaluate(async (bytes) => {
    const db = await new Promise<IDBDatabase>((ok, fail) => {
      const req = indexedDB.open('e2e-quota-probe')
      req.onupgradeneeded = () => req.result.createObjectStore('probe')
      req.onsuccess = () => ok(req.result)
      req.onerror = () => fail(req.error)
    })
    const result = await new Promise<string>((ok) => {
      const tx = db.transaction('probe', 'readwrite')
      for (let i = 0; i * 16_000 < bytes; i++) {
        const value = new Uint8Array(16_000)
        for (let k = 0; k < value.length; k += 65_536) crypto.getRandomValues(value.subarray(k, k + 65_536))
        tx.objectStore('probe').put(value, i)
      }
      tx.oncomplete = () => ok('written')
      tx.onabort = () => ok(tx.error?.name ?? 'aborted')
    })
    db.close()
    return result
  }, room + 1_000_000)
  expect(outcome).toBe('QuotaExceededError')
}

/**
 * A full device: a quota of what the app stores minus `below` bytes. The probe is refused under
 * a quota of nothing (IndexedDB then has no room left to hand out and asks at every write); what
 * it left on disk counts as used, so the quota is set from the usage after it.
 */
async function fillDevice(below: number) {
  await overrideQuota(1)
  await refreshRoom(ROOM)
  await overrideQuota((await usageNow()) - below)
}

test.beforeEach(async ({ baseURL }, info) => {
  dir = mkdtempSync(path.join(tmpdir(), 'salon-e2e-quota-'))
  const { launchOptions, ...use } = info.project.use
  context = await chromium.launchPersistentContext(dir, { ...use, ...launchOptions, baseURL })
  page = context.pages()[0] ?? (await context.newPage())
  origin = new URL(baseURL ?? '').origin
  cdp = await context.newCDPSession(page)
  await overrideQuota(ROOM)
  await useLanguage(page, 'en')
})

test.afterEach(async () => {
  await context.close()
  rmSync(dir, { recursive: true, force: true })
})

const hasMediaCache = () => page.evaluate(() => caches.has('storage'))

test('offline: a full device gives up media copies first, then refuses a save plainly and keeps the queue', async ({
  request,
}) => {
  test.slow()
  const { organisation } = await signedInNewOrganisation(page, request)
  const customers = new CustomersPage(page)
  await customers.open(organisation.slug)
  await expect(customers.pill()).toHaveText('Synced')
  await serviceWorkerInControl(page)
  await context.setOffline(true)
  await expect(customers.pill()).toHaveText('Offline')

  const add = async (firstName: string) => {
    await customers.startCreate()
    await customers.fill({ firstName, lastName: 'Vol', email: `${firstName.toLowerCase()}@example.test` })
    await customers.save()
  }
  await add('Anna')
  await expect(customers.drawer).toBeHidden()
  await expect(customers.pill()).toHaveText(/1 waiting/)

  // Two megabytes of media copies, as the service worker keeps them; then a device that is full.
  await page.evaluate(async () => {
    const cache = await caches.open('storage')
    const photo = new Uint8Array(2_000_000)
    for (let k = 0; k < photo.length; k += 65_536) crypto.getRandomValues(photo.subarray(k, k + 65_536))
    await cache.put('/storage/e2e-photo.jpg', new Response(photo))
  })
  await fillDevice(500_000)

  // The save needs room: the media copies go, the customer and its queue entry are written.
  await add('Bram')
  await expect(customers.drawer).toBeHidden()
  await expect(customers.row('Bram Vol')).toBeVisible()
  await expect(customers.pill()).toHaveText(/2 waiting/)
  expect(await hasMediaCache()).toBe(false)

  // Nothing left to give up: the save is refused with the reason, the queue is as it was.
  await fillDevice(1)
  await add('Carla')
  const refusal = customers.drawer.getByText('This device is out of storage space, so this was not saved.')
  await expect(refusal).toBeVisible()
  await expect(customers.drawer.getByLabel('First name')).toHaveValue('Carla')
  await screenshotAllSizes(page, 'storage-full-refused')
  await expect(customers.pill()).toHaveText(/2 waiting/)

  // Room again (photos deleted on the tablet): the same form saves, and everything is sent.
  await overrideQuota(ROOM * 10)
  await customers.save()
  await expect(customers.drawer).toBeHidden()
  await expect(customers.pill()).toHaveText(/3 waiting/)
  await context.setOffline(false)
  await expect(customers.pill()).toHaveText('Synced', { timeout: 20_000 })
  for (const name of ['Anna Vol', 'Bram Vol', 'Carla Vol']) await expect(customers.row(name)).toBeVisible()
})
