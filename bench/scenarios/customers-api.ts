import { bareListLoad } from '../bare-sql'
import { load } from '../load'
import type { BenchRow, Scenario } from '../types'

const TERMS = [
  'jans',
  'de vr',
  'anna',
  'Bakker 12',
  'eva.4',
  '+3161',
  'visser 99',
  'milan.77',
  'xyz-nothing',
  'de boer 5',
]

/** Customer list (paged) and search under concurrent load (10 connections, 5 s each), and search alone. */
export const scenario: Scenario = {
  name: 'customers-api',
  async run(ctx) {
    const base = `/api/organisations/${ctx.orgId}/customers`
    const pages = Math.ceil(ctx.customers / 25)
    const list = await load({
      name: `GET /customers (random page of ${pages.toLocaleString('en')})`,
      url: ctx.baseUrl,
      headers: ctx.headers,
      next: () => ({
        path: `${base}?salonId=${ctx.salonId}&page=${1 + Math.floor(Math.random() * pages)}&pageSize=25`,
      }),
    })
    const search = await load({
      name: 'POST /customers/search',
      url: ctx.baseUrl,
      headers: ctx.headers,
      method: 'POST',
      next: () => ({
        path: `${base}/search`,
        body: { search: TERMS[Math.floor(Math.random() * TERMS.length)], salonId: ctx.salonId, page: 1, pageSize: 25 },
      }),
    })
    const searchGet = await load({
      name: 'GET /customers?search=',
      url: ctx.baseUrl,
      headers: ctx.headers,
      next: () => ({ path: `${base}?search=${encodeURIComponent(TERMS[Math.floor(Math.random() * TERMS.length)])}` }),
    })
    // One connection: the latency of a single request without queueing behind nine others.
    const searchSerial = await load({
      name: 'POST /customers/search, 1 connection',
      url: ctx.baseUrl,
      headers: ctx.headers,
      method: 'POST',
      connections: 1,
      seconds: 3,
      next: () => ({
        path: `${base}/search`,
        body: { search: TERMS[Math.floor(Math.random() * TERMS.length)], salonId: ctx.salonId, page: 1, pageSize: 25 },
      }),
    })
    // Issue 25: list (any page) and search p95 under 20 ms at 100,000 customers, 10 connections,
    // on PostgreSQL; PGlite's figures are reported beside them (one engine inside the server's
    // process answers the 10 connections one at a time: its p95 is ten requests' work).
    const limit = ctx.databaseUrl ? 'p95 < 20' : 'reported only'
    const limits = new Map([
      [list, limit],
      [search, limit],
    ])
    const rows = [list, search, searchGet, searchSerial].map(
      (r): BenchRow => ({
        scenario: r.name,
        database: ctx.database,
        'req/s': Math.round(r.rps),
        'p50 ms': r.p50,
        'p95 ms': r.p95,
        'p99 ms': r.p99,
        requests: r.requests,
        errors: r.errors,
        limit: limits.get(r) ?? '',
      }),
    )
    if (!ctx.databaseUrl) return rows
    // The same statements bare on the database (PostgreSQL only: PGlite lives inside the server).
    const bareList = await bareListLoad({
      ...ctx,
      databaseUrl: ctx.databaseUrl,
      next: () => ({ search: '', offset: Math.floor(Math.random() * pages) * 25 }),
    })
    const bareSearch = await bareListLoad({
      ...ctx,
      databaseUrl: ctx.databaseUrl,
      next: () => ({ search: TERMS[Math.floor(Math.random() * TERMS.length)], offset: 0 }),
    })
    // For reference: the search's SELECT alone, without the audit row its statement writes.
    const bareSelect = await bareListLoad({
      ...ctx,
      databaseUrl: ctx.databaseUrl,
      audit: false,
      next: () => ({ search: TERMS[Math.floor(Math.random() * TERMS.length)], offset: 0 }),
    })
    const ratio = (api: number, bare: number): BenchRow => ({
      scenario: '',
      database: ctx.database,
      'bare req/s': Math.round(bare),
      'API req/s': Math.round(api),
      // Two decimals: 0.49 must not print as 0.5.
      'API / bare': (api / bare).toFixed(2),
      limit: '>= 0.5',
    })
    return [
      ...rows,
      { ...ratio(list.rps, bareList.rps), scenario: 'list page: API vs its statement bare' },
      { ...ratio(search.rps, bareSearch.rps), scenario: 'search: API vs its statement bare (page + audit row)' },
      { ...ratio(search.rps, bareSelect.rps), scenario: '  (search: API vs its SELECT alone)', limit: '' },
    ]
  },
}
