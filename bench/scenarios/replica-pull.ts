import { type ChangesResponse, type Cursors, cursorsParam } from '../../contract/sync'
import type { BenchRow, Scenario } from '../types'

/**
 * A fresh tablet's first pull: page the changes feed from 0 (limit 1000, per-entity cursors as the
 * sync engine sends them) until hasMore is false.
 * Measures the server and the wire; the client-side replica write is a separate scenario.
 */
export const scenario: Scenario = {
  name: 'replica-pull',
  async run(ctx) {
    const started = performance.now()
    let cursors: Cursors = {}
    let rows = 0
    let pages = 0
    for (;;) {
      const res = await fetch(
        `${ctx.baseUrl}/api/organisations/${ctx.orgId}/salons/${ctx.salonId}/sync/changes?cursors=${cursorsParam(cursors)}&limit=1000`,
        { headers: ctx.headers },
      )
      if (!res.ok) throw new Error(`changes feed: ${res.status} ${await res.text()}`)
      const page = (await res.json()) as ChangesResponse
      rows += page.changes.length
      pages++
      cursors = page.cursors as Cursors
      if (!page.hasMore) break
    }
    const ms = performance.now() - started
    return [
      {
        scenario: 'fresh replica pull (feed, limit 1000)',
        database: ctx.database,
        rows,
        pages,
        'total ms': Math.round(ms),
        'rows/s': Math.round((rows / ms) * 1000),
      } satisfies BenchRow,
    ]
  },
}
