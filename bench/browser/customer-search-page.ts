/**
 * Runs inside Chromium (bundled by bench/scenarios/customer-search-browser.ts): the app's own
 * replica (ReplicaDb in the browser's IndexedDB, its search index middleware) and the customers
 * screen's query, timed per keystroke.
 */
import { ReplicaDb } from '../../src/local-db/db'
import { toLocal } from '../../src/local-db/overlay'
import { queryCustomers } from '../../src/local-db/queries'
import { dropSearchCache } from '../../src/local-db/search-cache'

const FIRST = ['Anna', 'Bram', 'Carla', 'Daan', 'Eva', 'Fenna', 'Gijs', 'Hanna', 'Isa', 'Jesse', 'Lotte', 'José']
const LAST = ['de Vries', 'Jansen', 'Bakker', 'Visser', 'Smit', 'Meijer', 'de Boer', 'Mulder', 'de Groot', 'Müller']
const CITIES = ['Amsterdam', 'Utrecht', 'Rotterdam', 'Den Haag', 'Haarlem', 'Leiden']
const SALON = 'bench-salon'

/** Customers as bench/seed.ts makes them on the server (with a few accented names). */
function customer(i: number) {
  const firstName = FIRST[i % FIRST.length]
  return toLocal({
    id: `c-${String(i).padStart(7, '0')}`,
    organisationId: 'bench',
    email: `${firstName.toLowerCase().replace('é', 'e')}.${i}@example.test`,
    firstName,
    lastName: `${LAST[Math.floor(i / FIRST.length) % LAST.length]} ${i}`,
    fullName: '',
    dateOfBirth: null,
    gender: 'undefined',
    phoneNumber: `+316${String(10_000_000 + i * 7919).slice(-8)}`,
    alternatePhoneNumber: null,
    address: null,
    city: CITIES[i % CITIES.length],
    zipCode: null,
    notes: null,
    salonIds: [SALON],
    defaultMessagingType: 'email',
    allowedMessagingTypes: ['email'],
    customValues: {},
    deleted: i % 50 === 0,
    language: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    version: i + 1,
  })
}

let db: ReplicaDb | null = null

/** A fresh replica holding `count` customers, written as pulls write them (pages of 1,000). */
async function load(count: number): Promise<{ ms: number }> {
  db?.close()
  db = new ReplicaDb(`bench-search-${count}-${Date.now()}`)
  const started = performance.now()
  for (let start = 0; start < count; start += 1000) {
    const rows = Array.from({ length: Math.min(1000, count - start) }, (_, j) => customer(start + j))
    await db.transaction('rw', db.customers, () => db!.customers.bulkPut(rows))
  }
  return { ms: performance.now() - started }
}

const search = (text: string, isStale?: () => boolean) =>
  queryCustomers(db!, { salonId: SALON, search: text, isStale: isStale ?? (() => false) })

/** The first search of a page: the index is read from IndexedDB and built. */
async function cold(text: string): Promise<{ ms: number; total: number }> {
  dropSearchCache(db!)
  const started = performance.now()
  const page = await search(text)
  return { ms: performance.now() - started, total: page?.total ?? -1 }
}

/** Each text typed a character at a time, each keystroke's search awaited and timed. */
async function type(texts: string[]): Promise<number[]> {
  const times: number[] = []
  for (const text of texts)
    for (let n = 1; n <= text.length; n++) {
      const started = performance.now()
      await search(text.slice(0, n))
      times.push(performance.now() - started)
    }
  return times
}

/**
 * Four keystrokes with no wait between them, as the screen gets them from fast typing: the older
 * searches are stale at once. Time until the last one's answer, and whether it is right.
 */
async function typeFast(text: string): Promise<{ ms: number; total: number; expected: number }> {
  let latest = ''
  const started = performance.now()
  const runs = []
  for (let n = 1; n <= text.length; n++) {
    const typed = text.slice(0, n)
    latest = typed
    runs.push(search(typed, () => latest !== typed))
  }
  const answers = await Promise.all(runs)
  const ms = performance.now() - started
  const expected = (await search(text))?.total ?? -1
  return { ms, total: answers[answers.length - 1]?.total ?? -1, expected }
}

Object.assign(globalThis, { benchSearch: { load, cold, type, typeFast } })
