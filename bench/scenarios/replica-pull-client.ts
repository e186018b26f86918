import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { SyncEngine } from '../../src-worker/sync/engine'
import { ReplicaDb } from '../../src/local-db/db'
import type { BenchRow, Scenario } from '../types'

/**
 * A fresh tablet's first pull through the real client: the sync engine pages the changes feed
 * and writes every page into a new Dexie replica (one transaction per page), as the sync worker
 * does. IndexedDB is fake-indexeddb in Node, which is slower than a browser's, so the figure is
 * a floor. Page size 1000 (the engine's default).
 */
export const scenario: Scenario = {
  name: 'replica-pull-client',
  async run(ctx) {
    const db = new ReplicaDb(`bench-${Date.now()}`, { indexedDB: new IDBFactory(), IDBKeyRange })
    const engine = new SyncEngine({
      db,
      orgId: ctx.orgId,
      salonId: ctx.salonId,
      apiBase: `${ctx.baseUrl}/api`,
      pullIntervalMs: 0,
    })
    engine.setToken(ctx.token)
    const started = performance.now()
    await engine.pullAll()
    const ms = performance.now() - started
    const rows = await db.customers.count()
    db.close()
    if (rows < ctx.customers) throw new Error(`replica has ${rows} of ${ctx.customers} customers`)
    return [
      {
        scenario: 'fresh replica pull into Dexie (sync engine)',
        database: ctx.database,
        rows,
        'total ms': Math.round(ms),
        'rows/s': Math.round((rows / ms) * 1000),
      } satisfies BenchRow,
    ]
  },
}
