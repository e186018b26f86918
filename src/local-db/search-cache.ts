import type { ReplicaDb } from './db'
import type { LocalCustomField } from './types'
import { NgramIndex, intersect, union } from './search-ngrams'
import {
  type CustomerSearchBatch,
  type CustomerSearchEntry,
  type CustomerSearchRow,
  digitsOf,
  haystackOf,
  isGone,
  isPhoneWord,
  RESET_ID,
  wordMatches,
} from './search-text'

/*
 * The customer search (issue 21 #7) answers from an in-memory index of the replica's
 * `customerSearchLog`, built once per page and brought up to date at each search by reading only
 * the batches written since (their `seq`): a keystroke costs the rows that match, not the table.
 * Rows changed since the build are kept aside and checked one by one until there are enough of
 * them to build again.
 */

type Entry = { id: string; sort: string; salonIds: string[]; deleted: 0 | 1; hay: string; phones: string }

type Base = {
  entries: Entry[]
  slotOf: Map<string, number>
  alive: Uint8Array
  text: NgramIndex
  phones: NgramIndex
  /**
   * Per branch (and with or without deleted ones): 1 where an entry is alive and listed. Built at
   * the first search of a branch, so a keystroke that matches every customer costs a pass over a
   * byte array, not over 100,000 objects.
   */
  listed: Map<string, Uint8Array>
}

type Cache = { propsKey: string; props: string[]; seq: number; base: Base; changed: Map<string, Entry> }

const caches = new WeakMap<ReplicaDb, Cache>()

type Keyed = Pick<Entry, 'id' | 'sort'>
const before = (a: Keyed, b: Keyed) => a.sort < b.sort || (a.sort === b.sort && a.id < b.id)
const compare = (a: Keyed, b: Keyed) => (before(a, b) ? -1 : before(b, a) ? 1 : 0)

function entryOf(row: CustomerSearchRow, props: readonly string[]): Entry {
  return {
    id: row.id,
    sort: row.sort,
    salonIds: row.salonIds,
    deleted: row.deleted,
    hay: haystackOf(row, props),
    phones: row.phones,
  }
}

function baseOf(entries: Entry[], text: NgramIndex, phones: NgramIndex): Base {
  return {
    entries,
    slotOf: new Map(entries.map((e, i) => [e.id, i])),
    alive: new Uint8Array(entries.length).fill(1),
    text,
    phones,
    listed: new Map(),
  }
}

/** Entries in list order (`_sort`, then id, as the replica's index orders them). */
function buildBase(entries: Entry[]): Base {
  entries.sort(compare)
  return baseOf(entries, new NgramIndex(entries.map((e) => e.hay)), new NgramIndex(entries.map((e) => e.phones)))
}

function listedIn(base: Base, salonId: string, includeDeleted: boolean): Uint8Array {
  const key = `${includeDeleted ? 1 : 0}${salonId}`
  let mask = base.listed.get(key)
  if (!mask) {
    // A page looks at one branch at a time; a switch of branch rebuilds (one pass, a few ms).
    if (base.listed.size >= 4) base.listed.clear()
    mask = new Uint8Array(base.entries.length)
    base.entries.forEach((e, i) => {
      mask![i] = base.alive[i] && e.salonIds.includes(salonId) && (includeDeleted || !e.deleted) ? 1 : 0
    })
    base.listed.set(key, mask)
  }
  return mask
}

/** The latest entry of each customer over the batches, in the order of writes; a reset drops what came before. */
function latestOf(batches: CustomerSearchBatch[]) {
  let seq = 0
  const latest = new Map<string, CustomerSearchEntry>()
  for (const b of batches) {
    seq = Math.max(seq, b.seq)
    for (const e of b.entries) {
      if (e.id === RESET_ID) latest.clear()
      else latest.set(e.id, e)
    }
  }
  const rows: CustomerSearchRow[] = []
  for (const e of latest.values()) if (!isGone(e) && typeof e.sort === 'string') rows.push(e)
  return { seq, rows }
}

function load(batches: CustomerSearchBatch[], props: string[], propsKey: string): Cache {
  const { seq, rows } = latestOf(batches)
  return { propsKey, props, seq, base: buildBase(rows.map((r) => entryOf(r, props))), changed: new Map() }
}

/** The same as `load`, in slices with `pause()` between them: the page stays answering. */
async function loadInSlices(
  batches: CustomerSearchBatch[],
  props: string[],
  propsKey: string,
  pause: () => Promise<unknown>,
): Promise<Cache> {
  const { seq, rows } = latestOf(batches)
  await pause()
  const unsorted: Entry[] = []
  for (let i = 0; i < rows.length; i++) {
    if (i > 0 && i % SLICE === 0) await pause()
    unsorted.push(entryOf(rows[i], props))
  }
  const entries = await sortInSlices(unsorted, pause)
  const text = await NgramIndex.build(
    entries.map((e) => e.hay),
    pause,
  )
  const phones = await NgramIndex.build(
    entries.map((e) => e.phones),
    pause,
  )
  return { propsKey, props, seq, base: baseOf(entries, text, phones), changed: new Map() }
}

/** Entries per slice of the sliced build: a few milliseconds' work each on a slow tablet. */
const SLICE = 10_000

/** Both runs merged in list order. */
function merge<E extends Keyed>(a: E[], b: E[]): E[] {
  const out: E[] = new Array(a.length + b.length)
  let i = 0
  let j = 0
  let k = 0
  while (i < a.length && j < b.length) out[k++] = before(b[j], a[i]) ? b[j++] : a[i++]
  while (i < a.length) out[k++] = a[i++]
  while (j < b.length) out[k++] = b[j++]
  return out
}

/** `entries` in list order: runs of `slice` sorted, then merged, pausing between steps (exported for its test). */
export async function sortInSlices<E extends Keyed>(
  entries: E[],
  pause: () => Promise<unknown>,
  slice = SLICE,
): Promise<E[]> {
  let runs: E[][] = []
  for (let i = 0; i < entries.length; i += slice) {
    runs.push(entries.slice(i, i + slice).sort(compare))
    await pause()
  }
  while (runs.length > 1) {
    const next: E[][] = []
    for (let i = 0; i < runs.length; i += 2) {
      next.push(i + 1 < runs.length ? merge(runs[i], runs[i + 1]) : runs[i])
      await pause()
    }
    runs = next
  }
  return runs[0] ?? []
}

/** Takes in batches written since the cache last looked; false after a reset (reload). */
function apply(cache: Cache, batches: CustomerSearchBatch[]): boolean {
  let seq = cache.seq
  for (const b of batches) {
    // Another search of this page may have taken these in already.
    if (b.seq <= cache.seq) continue
    seq = Math.max(seq, b.seq)
    for (const r of b.entries) {
      if (r.id === RESET_ID) return false
      const slot = cache.base.slotOf.get(r.id)
      if (slot !== undefined) {
        cache.base.alive[slot] = 0
        for (const mask of cache.base.listed.values()) mask[slot] = 0
      }
      cache.changed.delete(r.id)
      if (!isGone(r) && typeof r.sort === 'string') cache.changed.set(r.id, entryOf(r, cache.props))
    }
  }
  cache.seq = seq
  // Many rows changed (a first pull while the list is open): one build beats checking them one by one.
  if (cache.changed.size > Math.max(500, cache.base.entries.length / 8)) {
    const { base, changed } = cache
    cache.base = buildBase([...base.entries.filter((_, i) => base.alive[i]), ...changed.values()])
    cache.changed = new Map()
  }
  return true
}

/** Slots of the base whose text (or, for a number, phone) holds every word, in list order. */
function matchBase(base: Base, words: string[]): Int32Array {
  let slots: Int32Array | null = null
  for (const w of words) {
    let hits = base.text.find(w)
    if (isPhoneWord(w)) hits = union(hits, base.phones.find(digitsOf(w)))
    slots = slots ? intersect(slots, hits) : hits
    if (slots.length === 0) break
  }
  return slots ?? new Int32Array(0)
}

export type SearchQuery = { salonId: string; words: string[]; includeDeleted: boolean; offset: number; limit: number }

/** The ids of one page of matches and how many there are, both from one pass over the index. */
function search(cache: Cache, q: SearchQuery): { ids: string[]; total: number } {
  const listed = (e: Entry) => e.salonIds.includes(q.salonId) && (q.includeDeleted || !e.deleted)
  const { base } = cache
  const mask = listedIn(base, q.salonId, q.includeDeleted)
  const wanted = q.offset + q.limit
  // Every match is counted; only the first `wanted` (at most) are kept as entries.
  const baseHits: Entry[] = []
  let baseTotal = 0
  const slots = matchBase(base, q.words)
  for (let k = 0; k < slots.length; k++) {
    if (!mask[slots[k]]) continue
    if (baseHits.length < wanted) baseHits.push(base.entries[slots[k]])
    baseTotal++
  }
  const changedHits = [...cache.changed.values()]
    .filter((e) => listed(e) && q.words.every((w) => wordMatches(e.hay, e.phones, w)))
    .sort(compare)
  const ids: string[] = []
  let i = 0
  let j = 0
  for (let n = 0; n < wanted && (i < baseHits.length || j < changedHits.length); n++) {
    const next =
      j >= changedHits.length || (i < baseHits.length && before(baseHits[i], changedHits[j]))
        ? baseHits[i++]
        : changedHits[j++]
    if (n >= q.offset) ids.push(next.id)
  }
  return { ids, total: baseTotal + changedHits.length }
}

/**
 * Finds customers in the replica: the index is loaded on the first search and then only follows
 * changes. Reads in one transaction, so the page's rows are those the index saw. Null when
 * `isStale` says a newer search replaced this one (its work is dropped between steps).
 */
export async function findCustomers(
  db: ReplicaDb,
  q: SearchQuery & { isStale?: () => boolean },
): Promise<{ ids: string[]; total: number; rows: Awaited<ReturnType<ReplicaDb['customers']['bulkGet']>> } | null> {
  return db.transaction('r', [db.customFields, db.customerSearchLog, db.customers], async () => {
    const cached = caches.get(db)
    // One round trip: the custom fields (text and choice ones are searched too, a handful of
    // definitions) and the index batches written since this page last looked.
    const [fields, since] = await Promise.all([
      db.customFields.toArray(),
      cached ? db.customerSearchLog.where(':id').above(cached.seq).toArray() : null,
    ])
    if (q.isStale?.()) return null
    const props = searchedProps(fields)
    const propsKey = props.join('\n')
    let cache = cached && cached.propsKey === propsKey && since && apply(cached, since) ? cached : undefined
    if (!cache) {
      cache = load(await db.customerSearchLog.toArray(), props, propsKey)
      caches.set(db, cache)
      if (q.isStale?.()) return null
    }
    const found = search(cache, q)
    return { ...found, rows: await db.customers.bulkGet(found.ids) }
  })
}

/** The custom fields whose values are searched: text and choice ones. */
const searchedProps = (fields: LocalCustomField[]) =>
  fields.filter((f) => f.type === 'text' || f.type === 'option').map((f) => f.propertyName)

/** Gives the page its turn (input, paint) between slices of building the index. */
const pause = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

/**
 * Builds the index of a replica ahead of the first keystroke (the customers screen and the kiosk
 * picker call it when they open): reading and indexing 100,000 customers is the one slow step, so
 * it is read in one transaction and built in slices outside it. Batches written meanwhile are
 * taken in by the next search (its seq); a search made before this ends builds its own.
 */
export async function warmCustomerSearch(db: ReplicaDb): Promise<void> {
  if (caches.has(db)) return
  // Batch by batch (a cursor): each one is read into the page in a task of its own.
  const batches: CustomerSearchBatch[] = []
  const fields = await db.transaction('r', [db.customFields, db.customerSearchLog], async () => {
    await db.customerSearchLog.each((b) => {
      batches.push(b)
    })
    return db.customFields.toArray()
  })
  const props = searchedProps(fields)
  const cache = await loadInSlices(batches, props, props.join('\n'), pause)
  if (!caches.has(db)) caches.set(db, cache)
}

/** Forgets this page's index of a replica (tests: a cold first search). */
export const dropSearchCache = (db: ReplicaDb) => caches.delete(db)
