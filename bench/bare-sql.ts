import type { TenantCaller } from '../server/auth/caller'
import { openDatabase } from '../server/db/client'
import { type ListStats, readStats, runPageQuery } from '../server/services/customers/list-page'
import { auditValues } from '../server/services/audit'
import { listFilterParts } from '../server/services/customers/read'

const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : Number.NaN

/**
 * The API's own main statement (the page of the list or search, as list-page.ts runs it: prepared
 * once per shape, with its total already counted; a search's statement also writes its audit
 * row, unless `audit: false`) run bare on the database: 10 connections, `seconds` long. The
 * API's throughput over this one is the share the HTTP, session, permission and encoding work leaves.
 */
export async function bareListLoad(opts: {
  databaseUrl: string
  orgId: string
  salonId: string
  /** The next request: a search term ('' for the list) and an offset. */
  next: () => { search: string; offset: number }
  seconds?: number
  audit?: boolean
}) {
  const database = await openDatabase({ url: opts.databaseUrl, dataDir: '', poolSize: 10 })
  const caller: TenantCaller = {
    kind: 'employee',
    organisationId: opts.orgId,
    employeeId: opts.orgId,
    grants: new Map([[opts.salonId, new Set(['readCustomers' as const])]]),
    branches: new Set([opts.salonId]),
    impersonatedBy: null,
  }
  const stats = new Map<string, ListStats>()
  const times: number[] = []
  const end = performance.now() + (opts.seconds ?? 5) * 1000
  const worker = async () => {
    while (performance.now() < end) {
      const { search, offset } = opts.next()
      const f = await listFilterParts(database.db, caller, { salonId: opts.salonId, search })
      let s = stats.get(search)
      if (!s) {
        s = await readStats(database.db, opts.orgId, f.where)
        stats.set(search, s)
      }
      const t0 = performance.now()
      const row =
        search && opts.audit !== false
          ? auditValues({
              organisationId: opts.orgId,
              actorKind: 'employee',
              actorId: caller.employeeId,
              event: 'customersSearch',
              data: { search, salonId: opts.salonId, results: s.total },
            })
          : undefined
      await runPageQuery(database.db, { f, stats: s, offset, limit: 25, audit: row })
      times.push(performance.now() - t0)
    }
  }
  const t0 = performance.now()
  await Promise.all(Array.from({ length: 10 }, worker))
  const seconds = (performance.now() - t0) / 1000
  await database.close()
  times.sort((a, b) => a - b)
  return { rps: times.length / seconds, p95: pct(times, 95) }
}
