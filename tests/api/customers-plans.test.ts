import pg from 'pg'
import { v7 as uuidv7 } from 'uuid'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TenantCaller } from '../../server/auth/caller'
import type { Database } from '../../server/db/client'
import { pageQuery, readStats } from '../../server/services/customers/list-page'
import { listFilterParts } from '../../server/services/customers/read'
import { createTestDatabase } from '../helpers/db'

const url = process.env.TEST_DATABASE_URL
const COUNT = 20_000
/** The list order's indexes: either walks last name, first name, id in order. */
const SORT = ['customers_org_list_idx', 'customers_org_sort_idx']

type PlanNode = {
  'Node Type': string
  'Relation Name'?: string
  'Index Name'?: string
  'Actual Rows'?: number
  Plans?: PlanNode[]
}
const nodes = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(nodes)]

/**
 * PostgreSQL only (issue 25): the customer list and search keep their plans whatever the ANALYZE
 * sample — the list walks its sort index, a search with few matches sorts only the trigram
 * matches, one with many walks the sort index — never a scan of every customer or a sort of all.
 */
describe.skipIf(!url)('customers: list and search plans (PostgreSQL)', () => {
  let database: Database
  let client: pg.Client
  const orgId = uuidv7()
  const salonId = uuidv7()
  const caller: TenantCaller = {
    kind: 'employee',
    organisationId: orgId,
    employeeId: uuidv7(),
    grants: new Map([[salonId, new Set(['readCustomers' as const])]]),
    branches: new Set([salonId]),
    impersonatedBy: null,
  }

  beforeAll(async () => {
    database = await createTestDatabase()
    const dbUrl = new URL(url!)
    // createTestDatabase's pool knows its database name; ask it.
    const name = (
      (await database.db.execute('select current_database() as d' as never)) as unknown as {
        rows: { d: string }[]
      }
    ).rows[0].d
    dbUrl.pathname = `/${name}`
    client = new pg.Client({ connectionString: dbUrl.toString() })
    await client.connect()
    const other = uuidv7()
    for (const id of [orgId, other])
      await client.query(
        `insert into organisations (id, legal_name, company_name, slug, vat_number, invoice_language, country,
           address_line1, postal_code, city, contact_person, version_counter)
         values ($1::uuid, 'Plan B.V.', 'Plan ' || $1::text, 'plan-' || $1::text, 'NL000000000B01', 'nl', 'NL', 'Straat 1', '1000AA',
           'Amsterdam', 'Plan', ${COUNT})`,
        [id],
      )
    await client.query(`insert into salons (id, organisation_id, name) values ($1, $2, 'Centrum')`, [salonId, orgId])
    // One statement: 20,000 customers of this organisation and 2,000 of another, names as the bench's.
    await client.query(
      `insert into customers (id, organisation_id, email, first_name, last_name, phone_number, salon_ids,
         allowed_messaging_types, version)
       select gen_random_uuid(), case when i <= $3 then $1::uuid else $4::uuid end, 'c.' || i || '@example.test',
         (array['Anna','Bram','Carla','Daan','Eva','Fenna','Gijs','Hanna','Isa','Jesse','Lotte','Milan'])[1 + i % 12],
         (array['de Vries','Jansen','Bakker','Visser','Smit','Meijer','de Boer','Mulder','de Groot','Bos'])[1 + (i / 12) % 10] || ' ' || i,
         '+316' || lpad(((10000000 + i * 7919) % 100000000)::text, 8, '0'), array[$2::uuid], '["email"]'::jsonb, i
       from generate_series(1, $3 + 2000) i`,
      [orgId, salonId, COUNT, other],
    )
    // As autovacuum leaves a table after a bulk write: the trigram index's pending list merged.
    await client.query('vacuum customers')
  }, 60_000)

  afterAll(async () => {
    await client?.end()
    await database?.close()
  })

  async function plan(search: string, offset: number) {
    const f = await listFilterParts(database.db, caller, { salonId, search })
    const stats = await readStats(database.db, orgId, f.where)
    const q = pageQuery(database.db, { f, stats, offset, limit: 25 }).toSQL()
    const result = await client.query(`explain (analyze, format json) ${q.sql}`, q.params as unknown[])
    return { total: stats.total, nodes: nodes(result.rows[0]['QUERY PLAN'][0].Plan as PlanNode) }
  }

  for (const target of [1, 1000])
    it(`customers: list and search use their indexes after ANALYZE with statistics target ${target}`, async () => {
      await client.query(`set default_statistics_target = ${target}`)
      await client.query('analyze customers')
      const cases = [
        { search: '', offset: 0, index: SORT },
        { search: '', offset: 19_000, index: SORT },
        { search: 'bakker 12', offset: 0, index: ['customers_search_text_trgm'] },
        { search: 'anna', offset: 0, index: SORT },
        { search: 'de', offset: 0, index: SORT },
        { search: 'milan 1', offset: 0, index: ['customers_search_text_trgm'] },
        { search: '+316', offset: 0, index: SORT },
        { search: 'example.test', offset: 0, index: SORT },
        { search: 'example.test', offset: 10_000, index: SORT },
      ]
      for (const c of cases) {
        const { total, nodes: all } = await plan(c.search, c.offset)
        const label = `${JSON.stringify(c.search)} at ${c.offset} (${total} found): ${all.map((n) => `${n['Node Type']} ${n['Index Name'] ?? n['Relation Name'] ?? ''} ${n['Actual Rows']}`).join(' / ')}`
        expect(
          all.some((n) => c.index.includes(n['Index Name'] ?? '')),
          label,
        ).toBe(true)
        expect(all.filter((n) => n['Node Type'] === 'Seq Scan').length, label).toBe(0)
        // A sort only ever sorts the few matches of a search, never every customer.
        for (const sort of all.filter((n) => n['Node Type'] === 'Sort'))
          expect(sort.Plans?.[0]?.['Actual Rows'] ?? 0, label).toBeLessThanOrEqual(2000)
        // A deep page seeks from an anchor: it reads a page and at most 500 rows before it.
        const read = Math.max(
          ...all.filter((n) => n['Relation Name'] === 'customers').map((n) => n['Actual Rows'] ?? 0),
        )
        expect(read, label).toBeLessThanOrEqual(2000)
      }
    })

  it('customers: a search with few matches fetches only its page by id, and a burst of writes leaves the trigram index quick', async () => {
    // Written after the last vacuum (an import, a busy day): the GIN indexes' pending lists stay
    // small (migration 0030), so a search does not read through them.
    await client.query(
      `insert into customers (id, organisation_id, email, first_name, last_name, phone_number, salon_ids,
         allowed_messaging_types, version)
       select gen_random_uuid(), $1::uuid, 'late.' || i || '@example.test', 'Laat', 'Bakker ' || i, null,
         array[$2::uuid], '["email"]'::jsonb, $3 + i
       from generate_series(1, 3000) i`,
      [orgId, salonId, COUNT + 5000],
    )
    for (const search of ['bakker 12', 'laat bakker 1']) {
      const { total, nodes: all } = await plan(search, 0)
      const label = `${search} (${total} found): ${all.map((n) => `${n['Node Type']} ${n['Index Name'] ?? ''} ${n['Actual Rows']}`).join(' / ')}`
      expect(total, label).toBeGreaterThan(25)
      expect(total, label).toBeLessThanOrEqual(2000)
      expect(
        all.some((n) => n['Index Name'] === 'customers_search_text_trgm'),
        label,
      ).toBe(true)
      // The matches are ordered inside; the page's 25 rows alone are fetched by id.
      const byId = all.filter((n) => n['Index Name'] === 'customers_pkey').map((n) => n['Actual Rows'] ?? 0)
      expect(Math.max(0, ...byId), label).toBeLessThanOrEqual(25)
    }
    const f = await listFilterParts(database.db, caller, { salonId, search: 'xyz-nothing' })
    const q = pageQuery(database.db, {
      f,
      stats: await readStats(database.db, orgId, f.where),
      offset: 0,
      limit: 25,
    }).toSQL()
    const result = await client.query(`explain (analyze, buffers, format json) ${q.sql}`, q.params as unknown[])
    const read = result.rows[0]['QUERY PLAN'][0].Plan as { 'Shared Hit Blocks': number; 'Shared Read Blocks': number }
    // 3,000 new rows in a 4 MB pending list were ~100 pages read by every search.
    expect(read['Shared Hit Blocks'] + read['Shared Read Blocks']).toBeLessThan(40)
  })
})
