import { and, eq } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import { describe, expect, it } from 'vitest'
import type { ImportRow } from '../../contract/customer-imports'
import { auditEvents, customerComments, customerImports, customers } from '../../server/db/schema'
import { buildTestApp, unique } from '../helpers/app'
import { seedEmployee, seedOrganisation } from '../helpers/factories'
import { customerBody, postCustomer } from './customers-fixtures'
import { postQuestionnaire, validAnswers } from './questionnaires-fixtures'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../helpers/url'

const app = await buildTestApp()
const orgA = await seedOrganisation(app, { salons: 2 })
const orgB = await seedOrganisation(app)
const [a1, a2] = orgA.salons
const owner = orgA.owner.headers
// Manages customers in branch 1 only (customers.import there); a reader may not import.
const desk = await seedEmployee(app, {
  organisationId: orgA.id,
  salonIds: [a1.id],
  permissions: ['readCustomers', 'manageCustomers'],
})
const reader = await seedEmployee(app, { organisationId: orgA.id, salonIds: [a1.id], permissions: ['readCustomers'] })

const row = (n: number, over: Partial<ImportRow> = {}): ImportRow => ({
  row: n,
  email: `${unique('imp-')}@example.test`,
  firstName: 'Imke',
  lastName: `Import ${n}`,
  phoneNumber: '0612345678',
  ...over,
})
type Body = {
  importId: string
  chunkId: string
  salonIds: string[]
  rows: ImportRow[]
  fileName?: string
  final?: unknown
}
const bulk = (headers: Record<string, string>, body: Body, org = orgA.id) =>
  app.inject({ method: 'POST', url: apiUrl(API.customerImports.bulk, { org }), headers, payload: body })
const chunk = (salonIds: string[], rows: ImportRow[], importId = uuidv7()): Body => ({
  importId,
  chunkId: uuidv7(),
  salonIds,
  rows,
  fileName: 'klanten.csv',
})
const importedBy = async (importId: string) =>
  app.db
    .select()
    .from(customers)
    .where(and(eq(customers.importId, importId), eq(customers.organisationId, orgA.id)))

describe('POST /customers/imports/check', () => {
  it('answers which e-mails are customers already (any case in, stored case out)', async () => {
    const c = await postCustomer(app, orgA.id, owner, customerBody([a2.id]))
    const res = await app.inject({
      method: 'POST',
      url: apiUrl(API.customerImports.check, { org: orgA.id }),
      headers: desk.headers,
      payload: { emails: [c.email.toUpperCase(), 'nobody@example.test'] },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ existing: [c.email] })
  })
  it('another organisation’s customers are not "existing"', async () => {
    const c = await postCustomer(app, orgB.id, orgB.owner.headers, customerBody([orgB.salons[0].id]))
    const res = await app.inject({
      method: 'POST',
      url: apiUrl(API.customerImports.check, { org: orgA.id }),
      headers: owner,
      payload: { emails: [c.email] },
    })
    expect(res.json()).toEqual({ existing: [] })
  })
  it('needs customers.import; bad input is a 400', async () => {
    const res = await app.inject({
      method: 'POST',
      url: apiUrl(API.customerImports.check, { org: orgA.id }),
      headers: reader.headers,
      payload: { emails: ['a@b.nl'] },
    })
    expect(res.statusCode).toBe(403)
    for (const payload of [
      { emails: [] },
      { emails: ['nope'] },
      { emails: Array(1001).fill('a@b.nl') },
      { emails: ['a\u0000@b.nl'] },
    ]) {
      const bad = await app.inject({
        method: 'POST',
        url: apiUrl(API.customerImports.check, { org: orgA.id }),
        headers: owner,
        payload,
      })
      expect(bad.statusCode).toBe(400)
    }
  })
})

describe('POST /customers/bulk', () => {
  it('creates the rows in the branches with the import id, phones completed, counts and audit on the last chunk', async () => {
    const body = {
      ...chunk([a1.id], [row(2), row(3, { dateOfBirth: '1990-04-02', gender: 'female', city: 'Utrecht' })]),
      final: { rows: 5, skippedEmpty: 1, duplicates: 1, invalid: 1 },
    }
    const res = await bulk(owner, body)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      importId: body.importId,
      chunkId: body.chunkId,
      created: 2,
      skippedExisting: [],
      replayed: false,
    })
    const made = await importedBy(body.importId)
    expect(made).toHaveLength(2)
    expect(made.every((c) => c.salonIds.join() === a1.id && c.phoneNumber === '+31612345678')).toBe(true)
    expect(new Set(made.map((c) => c.version)).size).toBe(2)
    const [imp] = await app.db.select().from(customerImports).where(eq(customerImports.id, body.importId))
    expect(imp.counts).toEqual({ created: 2, skippedExisting: 0, rows: 5, skippedEmpty: 1, duplicates: 1, invalid: 1 })
    const audits = await app.db.select().from(auditEvents).where(eq(auditEvents.event, 'customersImport'))
    const mine = audits.filter((a) => (a.data as { importId: string }).importId === body.importId)
    expect(mine).toHaveLength(1)
    // Counts only: no e-mail or name in the audit entry.
    expect(JSON.stringify(mine[0].data)).not.toContain('@')
  })

  it('a resent chunk answers its stored result and creates nobody twice', async () => {
    const body = chunk([a1.id], [row(2), row(3)])
    const first = await bulk(owner, body)
    const again = await bulk(owner, body)
    expect(again.statusCode).toBe(200)
    expect(again.json()).toEqual({ ...first.json(), replayed: true })
    // Sent twice at once, too.
    const body2 = chunk([a1.id], [row(2)], body.importId)
    const both = await Promise.all([bulk(owner, body2), bulk(owner, body2)])
    expect(both.map((r) => r.statusCode)).toEqual([200, 200])
    expect(await importedBy(body.importId)).toHaveLength(3)
  })

  it('a chunk id reused for another import is refused', async () => {
    const body = chunk([a1.id], [row(2)])
    await bulk(owner, body)
    const res = await bulk(owner, { ...body, importId: uuidv7() })
    expect(res.statusCode).toBe(409)
    expect(res.json().code).toBe('IMPORT_MISMATCH')
  })

  it('e-mails that are customers by now are skipped and reported (any case)', async () => {
    const existing = await postCustomer(app, orgA.id, owner, customerBody([a2.id]))
    const body = chunk([a1.id], [row(2), row(3, { email: existing.email.toUpperCase() })])
    const res = await bulk(owner, body)
    expect(res.json()).toMatchObject({ created: 1, skippedExisting: [{ row: 3, email: existing.email }] })
    const [still] = await app.db.select().from(customers).where(eq(customers.id, existing.id))
    expect(still.salonIds).toEqual([a2.id])
    expect(still.importId).toBeNull()
  })

  it('permissions per branch: desk may import into branch 1, not branch 2; a reader not at all', async () => {
    expect((await bulk(desk.headers, chunk([a1.id], [row(2)]))).statusCode).toBe(200)
    const other = await bulk(desk.headers, chunk([a1.id, a2.id], [row(2)]))
    expect(other.statusCode).toBe(403)
    expect((await bulk(reader.headers, chunk([a1.id], [row(2)]))).statusCode).toBe(403)
  })

  it('cross-tenant: another organisation’s branch, import id and path are not reachable', async () => {
    // orgB's owner into orgA's path: not theirs.
    expect((await bulk(orgB.owner.headers, chunk([a1.id], [row(2)]))).statusCode).toBeGreaterThanOrEqual(403)
    // orgA's owner naming orgB's branch: as an unknown branch (issue 21 #11).
    expect((await bulk(owner, chunk([orgB.salons[0].id], [row(2)]))).statusCode).toBe(404)
    // An import id orgB already uses.
    const theirs = chunk([orgB.salons[0].id], [row(2)])
    expect((await bulk(orgB.owner.headers, theirs, orgB.id)).statusCode).toBe(200)
    const res = await bulk(owner, chunk([a1.id], [row(2)], theirs.importId))
    expect(res.statusCode).toBe(404)
    const list = await app.inject({ url: apiUrl(API.customerImports.list, { org: orgA.id }), headers: owner })
    expect(list.json().some((i: { id: string }) => i.id === theirs.importId)).toBe(false)
  })

  it('bad input is a 400 that writes nothing', async () => {
    const before = (await app.db.select().from(customers)).length
    const bads: unknown[] = [
      { ...chunk([a1.id], [row(2, { email: 'nope' })]) },
      { ...chunk([a1.id], [row(2, { phoneNumber: '12' })]) },
      { ...chunk([a1.id], [row(2, { dateOfBirth: '1990-02-31' })]) },
      { ...chunk([a1.id], [row(2, { firstName: '' })]) },
      { ...chunk([a1.id], [row(2, { customValues: { nothing: 'x' } })]) },
      { ...chunk([a1.id], [row(2, { email: 'same@example.test' }), row(3, { email: 'same@example.test' })]) },
      { ...chunk([], [row(2)]) },
      { ...chunk([a1.id], [row(2, { notes: 'x'.repeat(10_000) })]) },
      { ...chunk([a1.id], [row(2, { lastName: 'a\u0000b' })]) },
      { ...chunk([a1.id], [row(2, { city: '\ud800' })]) },
      {
        ...chunk(
          [a1.id],
          Array.from({ length: 501 }, (_, i) => row(i + 2)),
        ),
      },
      { importId: 'x', chunkId: uuidv7(), salonIds: [a1.id], rows: [] },
    ]
    for (const b of bads) {
      const res = await bulk(owner, b as Body)
      expect(res.statusCode, JSON.stringify(b).slice(0, 200)).toBe(400)
    }
    expect((await app.db.select().from(customers)).length).toBe(before)
  })
})

describe('imports: list and undo', () => {
  it('lists recent imports with counts and the undo deadline', async () => {
    const body = chunk([a1.id], [row(2)])
    await bulk(desk.headers, body)
    const res = await app.inject({ url: apiUrl(API.customerImports.list, { org: orgA.id }), headers: desk.headers })
    expect(res.statusCode).toBe(200)
    const mine = res.json().find((i: { id: string }) => i.id === body.importId)
    expect(mine).toMatchObject({ fileName: 'klanten.csv', salonIds: [a1.id], undoneAt: null, counts: { created: 1 } })
    expect(new Date(mine.undoUntil).getTime() - new Date(mine.createdAt).getTime()).toBe(24 * 3600_000)
    // An import into branch 2 is not in desk's list (they could not undo it).
    const b2 = chunk([a2.id], [row(2)])
    await bulk(owner, b2)
    const again = await app.inject({ url: apiUrl(API.customerImports.list, { org: orgA.id }), headers: desk.headers })
    expect(again.json().some((i: { id: string }) => i.id === b2.importId)).toBe(false)
    expect(
      (await app.inject({ url: apiUrl(API.customerImports.list, { org: orgA.id }), headers: reader.headers }))
        .statusCode,
    ).toBe(403)
  })

  it('undo removes exactly what the import created, keeps what was added to, and reaches the replicas', async () => {
    const before = await postCustomer(app, orgA.id, owner, customerBody([a1.id]))
    const body = chunk([a1.id], [row(2), row(3), row(4), row(5), row(6, { email: before.email })])
    await bulk(owner, body)
    const made = (await importedBy(body.importId)).sort((x, y) => x.lastName.localeCompare(y.lastName))
    expect(made).toHaveLength(4)
    const [edited, commented, submitted, plain] = made
    // Changed after the import.
    const put = await app.inject({
      method: 'PUT',
      url: apiUrl(API.customers.update, { org: orgA.id, id: edited.id }),
      headers: owner,
      payload: { changes: { city: 'Delft' } },
    })
    expect(put.statusCode).toBe(200)
    // A comment.
    await app.db.insert(customerComments).values({
      id: uuidv7(),
      organisationId: orgA.id,
      customerId: commented.id,
      salonId: a1.id,
      authorName: 'Eigenaar',
      text: 'Belde over afspraak',
    })
    // A questionnaire filled in the salon.
    const q = await postQuestionnaire(app, orgA.id, a1.id, owner)
    const sub = await app.inject({
      method: 'POST',
      url: apiUrl(API.submissions.create, { org: orgA.id, salon: a1.id }),
      headers: owner,
      payload: { id: uuidv7(), customerId: submitted.id, questionnaireId: q.id, answers: validAnswers() },
    })
    expect(sub.statusCode).toBeLessThan(300)

    const pull = await app.inject({
      url: apiUrl(API.sync.changes, { org: orgA.id, salon: a1.id }, { limit: 1000 }),
      headers: owner,
    })
    const cursors = Object.entries(pull.json().cursors as Record<string, number>)
      .map(([k, v]) => `${k}:${v}`)
      .join(',')

    const res = await app.inject({
      method: 'POST',
      url: apiUrl(API.customerImports.undo, { org: orgA.id, id: body.importId }),
      headers: owner,
    })
    expect(res.statusCode).toBe(200)
    const out = res.json()
    expect(out.removed).toBe(1)
    expect(out.kept.map((k: { customerId: string; reason: string }) => [k.customerId, k.reason]).sort()).toEqual(
      [
        [edited.id, 'updated'],
        [commented.id, 'comment'],
        [submitted.id, 'submission'],
      ].sort(),
    )
    const [gone] = await app.db.select().from(customers).where(eq(customers.id, plain.id))
    expect(gone.deletedAt).not.toBeNull()
    expect(gone.email).not.toBe(plain.email)
    expect(gone.firstName).toBe('')
    const [untouched] = await app.db.select().from(customers).where(eq(customers.id, before.id))
    expect(untouched.deletedAt).toBeNull()
    // The removal reaches the branch's replicas as a tombstone.
    const next = await app.inject({
      url: apiUrl(API.sync.changes, { org: orgA.id, salon: a1.id }, { limit: 1000, cursors }),
      headers: owner,
    })
    const tomb = next
      .json()
      .changes.filter((c: { entity: string; deleted: boolean; id?: string }) => c.entity === 'customer' && c.deleted)
    expect(tomb.map((c: { id: string }) => c.id)).toContain(plain.id)
    // The e-mail can be imported again.
    const re = await bulk(owner, chunk([a1.id], [row(2, { email: plain.email })]))
    expect(re.json().created).toBe(1)

    // A second undo is a clear error.
    const twice = await app.inject({
      method: 'POST',
      url: apiUrl(API.customerImports.undo, { org: orgA.id, id: body.importId }),
      headers: owner,
    })
    expect(twice.statusCode).toBe(409)
    expect(twice.json().code).toBe('IMPORT_ALREADY_UNDONE')
    // Later chunks of an undone import are refused.
    expect((await bulk(owner, chunk([a1.id], [row(9)], body.importId))).json().code).toBe('IMPORT_MISMATCH')
  })

  it('undo after 24 hours is refused; undo needs the import permission in every branch; other tenants get 404', async () => {
    const body = chunk([a1.id, a2.id], [row(2)])
    await bulk(owner, body)
    const undo = (headers: Record<string, string>, id = body.importId, org = orgA.id) =>
      app.inject({ method: 'POST', url: apiUrl(API.customerImports.undo, { org, id }), headers })
    expect((await undo(desk.headers)).statusCode).toBe(403)
    expect((await undo(orgB.owner.headers, body.importId, orgB.id)).statusCode).toBe(404)
    expect((await undo(owner, uuidv7())).statusCode).toBe(404)
    await app.db
      .update(customerImports)
      .set({ createdAt: new Date(Date.now() - 25 * 3600_000) })
      .where(eq(customerImports.id, body.importId))
    const late = await undo(owner)
    expect(late.statusCode).toBe(409)
    expect(late.json().code).toBe('IMPORT_UNDO_EXPIRED')
    expect(await importedBy(body.importId)).toHaveLength(1)
    expect((await undo(owner, 'not-a-uuid')).statusCode).toBe(400)
  })
})
