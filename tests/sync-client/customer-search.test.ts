import Dexie from 'dexie'
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { v7 as uuidv7 } from 'uuid'
import { describe, expect, it } from 'vitest'
import type { Customer } from '../../contract/customers'
import { phoneSearchDigits as parsePhoneDigits } from '../../contract/phone'
import { ReplicaDb } from '../../src/local-db/db'
import { toLocal } from '../../src/local-db/overlay'
import { queryCustomers } from '../../src/local-db/queries'
import { dropSearchCache, warmCustomerSearch } from '../../src/local-db/search-cache'
import { COMPACT_AT } from '../../src/local-db/search-index'
import { fold } from '../../src/local-db/search-text'
import type { LocalCustomer } from '../../src/local-db/types'

/*
 * Issue 21 #7: the replica search through its index answers as the search before it did (the
 * scan of every row below, kept verbatim as the reference), for names, e-mail, phone numbers in
 * any format, letters and digits, custom values; the one difference, on purpose, is that case
 * AND diacritics do not count ("jose" finds José): with the data and the query folded the old
 * search gives exactly the new answer, and it never finds anything the new one misses.
 */

// The search before issue 21 #7 (src/local-db/queries.ts), unchanged but for the phone parser's
// answers being remembered (the test compares thousands of rows and queries).
const parsed = new Map<string, string>()
const phoneSearchDigits = (v: string | null | undefined) => {
  const key = v ?? ''
  if (!parsed.has(key)) parsed.set(key, parsePhoneDigits(v))
  return parsed.get(key)!
}
const norm = (s: string | null | undefined) => (s ?? '').toLowerCase()
const digits = (s: string | null | undefined) => (s ?? '').replace(/\D/g, '')
const phoneWord = (w: string) => /^[+\d().\-/]+$/.test(w) && digits(w).length >= 3
function legacyMatches(c: LocalCustomer, search: string, customProps: readonly string[] = []): boolean {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean)
  if (words.length === 0) return true
  let text = `${norm(c.firstName)} ${norm(c.lastName)} ${norm(c.email)}`
  for (const p of customProps) {
    const v = c.customValues?.[p]
    if (typeof v === 'string') text += `\n${v.toLowerCase()}`
  }
  const phones = `${phoneSearchDigits(c.phoneNumber)} ${phoneSearchDigits(c.alternatePhoneNumber)}`
  return words.every((w) => text.includes(w) || (phoneWord(w) && phones.includes(digits(w))))
}

const SALON = uuidv7()
const OTHER_SALON = uuidv7()
const fresh = () => new ReplicaDb(`search-${uuidv7()}`, { indexedDB: new IDBFactory(), IDBKeyRange })
/** Every entry of the stored search log, over all its batches. */
const logEntries = async (db: ReplicaDb) => (await db.customerSearchLog.toArray()).flatMap((b) => b.entries)

const FIRST = ['Anna', 'Bram', 'Carla', 'Daan', 'Eva', 'Fenna', 'Gijs', 'Hanna', 'Isa', 'Jesse', 'Lotte', 'Milan']
const ACCENTED_FIRST = ['José', 'Zoë', 'Renée', 'Chloé', 'Ömer', 'Łukasz', 'Sørina', 'ÅSA', 'İlknur', 'François']
const LAST = ['de Vries', 'Jansen', 'Bakker', "van 't Hof", 'Smit-Meijer', 'de Boer', 'Mulder', 'O’Brien', 'Bos']
const ACCENTED_LAST = ['Müller', 'Öztürk', 'Gonçalves', 'Señora', 'Straße', 'Ångström', 'Dvořák', 'Núñez']
const PHONES = ['+31612345678', '+31201234567', '+32470123456', '+4915123456789', '+31687654321', null]

function customer(i: number, accents: boolean): LocalCustomer {
  const first = accents && i % 3 === 0 ? ACCENTED_FIRST[i % ACCENTED_FIRST.length] : FIRST[i % FIRST.length]
  const last = accents && i % 4 === 1 ? ACCENTED_LAST[i % ACCENTED_LAST.length] : LAST[(i * 7) % LAST.length]
  const c: Customer = {
    id: uuidv7(),
    organisationId: 'o',
    email: i % 9 === 5 ? '' : `${fold(first).replace(/[^a-z]/g, '')}.${i}@${i % 2 ? 'example.test' : 'Mail.NL'}`,
    firstName: first,
    lastName: `${last}${i % 5 === 0 ? ` ${i}` : ''}`,
    fullName: `${first} ${last}`,
    dateOfBirth: null,
    gender: 'undefined',
    phoneNumber: PHONES[i % PHONES.length]?.replace(/\d{2}$/, String(i % 100).padStart(2, '0')) ?? null,
    alternatePhoneNumber: i % 7 === 0 ? '+31101234567' : null,
    address: null,
    city: null,
    zipCode: null,
    notes: null,
    salonIds: i % 10 === 3 ? [OTHER_SALON] : i % 10 === 4 ? [SALON, OTHER_SALON] : [SALON],
    defaultMessagingType: 'email',
    allowedMessagingTypes: ['email'],
    customValues: {
      skin: ['Droog', 'Vette huid', 'Gevoelig – rosacea', accents ? 'Crème' : 'Creme'][i % 4],
      code: i % 6 === 0 ? `K-${i}` : 12,
      ...(i % 11 === 0 ? { allergy: 'Noten' } : {}),
    },
    deleted: i % 13 === 0,
    language: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    version: i + 1,
  }
  return toLocal(c)
}

/** The old answer: the rows in list order (`_sort`, then id), kept by the old matcher. */
function legacy(rows: LocalCustomer[], search: string, props: string[], includeDeleted = false) {
  return rows
    .filter((c) => c.salonIds.includes(SALON) && (includeDeleted || !c.deleted))
    .filter((c) => legacyMatches(c, search, props))
    .sort((a, b) => (a._sort < b._sort ? -1 : a._sort > b._sort ? 1 : a.id < b.id ? -1 : 1))
    .map((c) => c.id)
}

const foldRow = (c: LocalCustomer): LocalCustomer => ({
  ...c,
  firstName: fold(c.firstName),
  lastName: fold(c.lastName),
  email: fold(c.email),
  customValues: Object.fromEntries(
    Object.entries(c.customValues).map(([k, v]) => [k, typeof v === 'string' ? fold(v) : v]),
  ),
})

async function found(db: ReplicaDb, search: string, includeDeleted = false) {
  const page = await queryCustomers(db, { salonId: SALON, search, pageSize: 100_000, includeDeleted })
  expect(page.items.length).toBe(page.total)
  return page.items.map((c) => c.id)
}

const QUERIES = [
  // letters: one, two, more; name parts inside words; several words; no match
  'a',
  'n',
  'an',
  'nn',
  'ann',
  'anna',
  'ANNA',
  'vries',
  'ries',
  'de',
  'de vries',
  'anna vries',
  'eva jans',
  "'t",
  "van 't",
  'hof',
  'smit-m',
  '-m',
  'o’b',
  'brien',
  'xyz',
  'q',
  'zz',
  'anna xyz',
  // e-mail
  '@',
  'example',
  '.test',
  'anna.',
  'a.1',
  '@mail.nl',
  'MAIL',
  'nl',
  // digits and phone numbers in every format
  '1',
  '12',
  '123',
  '0612',
  '06-12',
  '06 12',
  '(06) 12',
  '+316',
  '+31 6 12',
  '0031',
  '316123',
  '0201234',
  '020-123 4567',
  '+32 470',
  '0470',
  '4915',
  '015123',
  '12345678',
  '1.2.3',
  '06/123',
  '2)1',
  '+',
  '++31',
  // letters and digits mixed: never a phone number
  'visser3k92',
  'a1',
  'k-1',
  'k-12',
  '612x',
  'x612',
  // custom values (text/choice fields) and their absence from other fields
  'droog',
  'vette',
  'huid',
  'rosacea',
  '–',
  'noten',
  'k-',
  '12 anna',
  // diacritics and other letters
  'josé',
  'jose',
  'JOSÉ',
  'zoë',
  'zoe',
  'müller',
  'muller',
  'mul',
  'öz',
  'oz',
  'çal',
  'cal',
  'straße',
  'strasse',
  'ß',
  'ø',
  'sørina',
  'łuk',
  'luk',
  'å',
  'ångström',
  'dvořák',
  'dvorak',
  'ñ',
  'n',
  'ilk',
  'i̇lk',
  'crème',
  'creme',
  'françois',
  'francois',
  'é',
  'e',
  // whitespace
  '  anna  ',
  '\tde\nvries',
]

describe('customer search through the index (issue 21 #7)', () => {
  it('answers as the old search for every kind of query on data without diacritics', async () => {
    const db = fresh()
    const rows = Array.from({ length: 400 }, (_, i) => customer(i, false))
    await db.customers.bulkPut(rows)
    await db.customFields.bulkPut([
      { id: 'f1', propertyName: 'skin', type: 'text' } as never,
      { id: 'f2', propertyName: 'code', type: 'option' } as never,
      { id: 'f3', propertyName: 'allergy', type: 'number' } as never,
    ])
    const props = ['skin', 'code']
    for (const q of QUERIES) {
      if (fold(q) !== q.toLowerCase()) continue
      expect(await found(db, q), q).toEqual(legacy(rows, q, props))
      expect(await found(db, q, true), `${q} (deleted too)`).toEqual(legacy(rows, q, props, true))
    }
  }, 180_000)

  it('with diacritics: the old answer on folded data and query, and never less than the old answer', async () => {
    const db = fresh()
    const rows = Array.from({ length: 400 }, (_, i) => customer(i, true))
    await db.customers.bulkPut(rows)
    await db.customFields.put({ id: 'f1', propertyName: 'skin', type: 'text' } as never)
    const folded = rows.map(foldRow)
    for (const q of QUERIES) {
      const ids = await found(db, q)
      expect(ids, q).toEqual(legacy(folded, fold(q), ['skin']))
      expect(ids, q).toEqual(expect.arrayContaining(legacy(rows, q, ['skin'])))
    }
    expect((await found(db, 'jose')).length).toBeGreaterThan(0)
    expect(await found(db, 'jose')).toEqual(await found(db, 'JOSÉ'))
  }, 180_000)

  it('pages and counts from one pass, in list order', async () => {
    const db = fresh()
    const rows = Array.from({ length: 300 }, (_, i) => customer(i, false))
    await db.customers.bulkPut(rows)
    const all = legacy(rows, 'a', [])
    const page2 = await queryCustomers(db, { salonId: SALON, search: 'a', page: 2, pageSize: 25 })
    expect(page2.total).toBe(all.length)
    expect(page2.items.map((c) => c.id)).toEqual(all.slice(25, 50))
    const last = await queryCustomers(db, { salonId: SALON, search: 'a', page: 1000, pageSize: 25 })
    expect(last).toMatchObject({ total: all.length, items: [] })
  })

  it('follows every write of the replica: new, changed, deleted rows, a cleared table, new custom fields', async () => {
    const db = fresh()
    const rows = Array.from({ length: 200 }, (_, i) => customer(i, false))
    await db.customers.bulkPut(rows)
    expect(await found(db, 'zeldzaam')).toEqual([])
    // Written after the index was loaded: a new row, a renamed one, a deleted one.
    const added = { ...customer(1, false), firstName: 'Zeldzaam' }
    await db.customers.put(toLocal(added))
    const renamed = rows.find((c) => c.firstName === 'Anna' && !c.deleted && c.salonIds.includes(SALON))!
    await db.customers.put({ ...renamed, firstName: 'Zeldzaamst' })
    expect(await found(db, 'zeldzaam')).toEqual(
      legacy([added as LocalCustomer, { ...renamed, firstName: 'Zeldzaamst' }], 'zeldzaam', []),
    )
    const current = [...rows.filter((c) => c.id !== renamed.id), { ...renamed, firstName: 'Zeldzaamst' }, added]
    expect(await found(db, 'anna')).toEqual(legacy(current as LocalCustomer[], 'anna', []))
    await db.customers.delete(added.id)
    expect(await found(db, 'zeldzaam')).toEqual([renamed.id])
    // Many changes at once (a first pull while the list is open): the index is built again.
    const more = Array.from({ length: 700 }, (_, i) => customer(1000 + i, false))
    await db.customers.bulkPut(more)
    const now = [...rows.filter((c) => c.id !== renamed.id), { ...renamed, firstName: 'Zeldzaamst' }, ...more]
    expect(await found(db, 'anna')).toEqual(legacy(now, 'anna', []))
    // A new searched custom field counts at once.
    await db.customFields.put({ id: 'f1', propertyName: 'skin', type: 'text' } as never)
    expect(await found(db, 'rosacea')).toEqual(legacy(now, 'rosacea', ['skin']))
    // The table emptied (a refilled entity) and filled again.
    await db.customers.clear()
    expect(await found(db, 'a')).toEqual([])
    await db.customers.bulkPut(rows.slice(0, 50))
    expect(await found(db, 'a')).toEqual(legacy(rows.slice(0, 50), 'a', []))
    // A cold start (another page) reads the same from the stored index.
    dropSearchCache(db)
    expect(await found(db, 'a')).toEqual(legacy(rows.slice(0, 50), 'a', []))
  })

  it('writes one batch per write and folds the log when it grows; a search open or cold answers the same', async () => {
    const db = fresh()
    const rows = Array.from({ length: 60 }, (_, i) => customer(i, false))
    await db.customers.bulkPut(rows)
    expect(await db.customerSearchLog.count()).toBe(1)
    expect(await found(db, 'anna')).toEqual(legacy(rows, 'anna', []))
    // One edit at a time (staff on the tablet), renames and deletions, past the fold point.
    let current = [...rows]
    for (let i = 0; i < COMPACT_AT + 20; i++) {
      const target = current[i % current.length]
      if (i % 50 === 7) {
        await db.customers.delete(target.id)
        current = current.filter((c) => c.id !== target.id)
      } else {
        const renamed = { ...target, firstName: `Anna${i}` }
        await db.customers.put(renamed)
        current = current.map((c) => (c.id === target.id ? renamed : c))
      }
      if (i % 37 === 0) expect(await found(db, 'anna'), `edit ${i}`).toEqual(legacy(current, 'anna', []))
    }
    expect(await db.customerSearchLog.count()).toBeLessThan(30)
    // Folded: one entry per customer held, deletions gone, and only the edits since on top.
    const entries = await logEntries(db)
    expect(entries.length).toBeLessThan(current.length + 30)
    const latest = new Map(entries.map((e) => [e.id, e]))
    const held = [...latest.values()].filter((e) => !('gone' in e)).map((e) => e.id)
    expect(held.sort()).toEqual(current.map((c) => c.id).sort())
    expect(await found(db, 'anna')).toEqual(legacy(current, 'anna', []))
    dropSearchCache(db)
    expect(await found(db, 'anna')).toEqual(legacy(current, 'anna', []))
  })

  it('an index warmed ahead (built in slices) answers as a cold one, and takes in what was written meanwhile', async () => {
    const db = fresh()
    const rows = Array.from({ length: 300 }, (_, i) => customer(i, true))
    await db.customers.bulkPut(rows)
    await db.customFields.put({ id: 'f1', propertyName: 'skin', type: 'text' } as never)
    const warming = warmCustomerSearch(db)
    // Written while the index is being built: the next search reads it by its seq.
    const late = { ...customer(999, false), firstName: 'Laatkomer' }
    await db.customers.put(late)
    await warming
    const all = [...rows, late].map(foldRow)
    for (const q of ['laatkomer', 'jose', 'rosacea', '0612', 'a'])
      expect(await found(db, q), q).toEqual(legacy(all, fold(q), ['skin']))
  })

  it('a range of customers removed at once leaves the others searchable', async () => {
    const db = fresh()
    const rows = Array.from({ length: 80 }, (_, i) => customer(i, false))
    await db.customers.bulkPut(rows)
    expect(await found(db, 'a')).toEqual(legacy(rows, 'a', []))
    const sorted = rows.map((r) => r.id).sort()
    const cut = sorted[40]
    await db.customers.where(':id').below(cut).delete()
    const left = rows.filter((r) => r.id >= cut)
    expect(await db.customers.count()).toBe(40)
    expect(await found(db, 'a')).toEqual(legacy(left, 'a', []))
    dropSearchCache(db)
    expect(await found(db, 'a')).toEqual(legacy(left, 'a', []))
  })

  it('keeps the index in the same transaction as the row: a failed transaction leaves neither', async () => {
    const db = fresh()
    const row = customer(2, false)
    await expect(
      db.transaction('rw', db.customers, async () => {
        await db.customers.put({ ...row, firstName: 'Verloren' })
        throw new Error('app closed')
      }),
    ).rejects.toThrow('app closed')
    expect(await logEntries(db)).toEqual([])
    expect(await found(db, 'verloren')).toEqual([])
  })

  it('a replica made before the index gets it when it opens, with its rows', async () => {
    const name = `search-old-${uuidv7()}`
    const indexedDB = new IDBFactory()
    const old = new Dexie(name, { indexedDB, IDBKeyRange })
    old.version(11).stores(STORES_AT_11)
    const rows = Array.from({ length: 40 }, (_, i) => customer(i, true))
    await old.table('customers').bulkPut(rows)
    old.close()
    const db = new ReplicaDb(name, { indexedDB, IDBKeyRange })
    expect((await logEntries(db)).map((e) => e.id).sort()).toEqual(rows.map((r) => r.id).sort())
    expect(await found(db, 'jose')).toEqual(legacy(rows.map(foldRow), 'jose', []))
    expect(await db.customers.count()).toBe(40)
  })

  it('a superseded search stops and answers null', async () => {
    const db = fresh()
    await db.customers.bulkPut(Array.from({ length: 20 }, (_, i) => customer(i, false)))
    expect(await queryCustomers(db, { salonId: SALON, search: 'anna', isStale: () => true })).toBeNull()
    expect(await queryCustomers(db, { salonId: SALON, search: 'anna', isStale: () => false })).not.toBeNull()
  })
})

/** The replica's tables as the build before the index left them (db.ts versions 1–11). */
const STORES_AT_11 = {
  customers: 'id, *salonIds, _sort, email, _pending, _deleted',
  serverCustomers: 'id',
  salons: 'id, name',
  customerConflicts: 'id, customerId',
  outbox: '++seq, &id, entityId, status',
  meta: 'key',
  questionnaires: 'id, kind',
  submissions: 'id, customerId, questionnaireId, submittedAt, _pending',
  serverSubmissions: 'id',
  photos: 'id',
  employees: 'id, lastName',
  roles: 'id, name',
  customerComments: 'id, customerId, createdAt, _pending',
  serverCustomerComments: 'id, customerId',
  customFields: 'id, position',
  advices: 'id, position, groupId',
  adviceGroups: 'id, position',
  adviceConditions: 'id',
  dashboardConfigurations: 'id',
  skinAnalyses: 'id, customerId, analysedOn, _pending',
  serverSkinAnalyses: 'id, customerId',
  documents: 'id, kind',
  documentVersions: 'id, documentId',
  customerDocuments: 'id, customerId, documentId, _pending',
  serverCustomerDocuments: 'id, customerId',
}
