import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import type { AdviceKind } from '../../contract/advice'
import { seeded } from '../../contract/conditions/seeded-random'
import { evaluateRows } from '../../server/services/advice/customer-advice'
import { adviceForCustomer } from '../../src/features/advice/customer/use-customer-advice'
import { ReplicaDb } from '../../src/local-db/db'
import { randomWorld, replicaRows } from '../../tests/advice/world'
import type { BenchRow, Scenario } from '../types'

const MODULES = 200
const CUSTOMERS = 1000
const KINDS: readonly AdviceKind[] = ['customerAdvice', 'employeeAdvice']

/**
 * Issue 11: evaluate 200 Grow modules against 1,000 customers' answers — the server's path (rows
 * as the database returns them, what the advice endpoints run) and the tablet's (the replica in
 * fake-indexeddb, slower than a browser's IndexedDB: a floor). In-process; the database under the
 * app does not matter, so it runs once (PGlite row).
 */
export const scenario: Scenario = {
  name: 'advice-evaluate',
  async run(ctx) {
    if (ctx.database !== 'PGlite') return []
    const world = randomWorld(seeded(11), { modules: MODULES, customers: CUSTOMERS })
    let shown = 0
    const serverStart = performance.now()
    for (const submissions of world.submissions.values()) {
      const rows = evaluateRows({ ...world, submissions, kinds: KINDS })
      shown += rows.filter((r) => r.verdict.shows).length
    }
    const serverMs = performance.now() - serverStart

    const db = new ReplicaDb(`bench-advice-${Date.now()}`, { indexedDB: new IDBFactory(), IDBKeyRange })
    const local = replicaRows(world)
    await db.transaction('rw', [db.advices, db.adviceGroups, db.adviceConditions, db.submissions], async () => {
      await db.advices.bulkPut(local.modules)
      await db.adviceGroups.bulkPut(local.groups)
      await db.adviceConditions.bulkPut(local.conditions)
      await db.submissions.bulkPut(local.submissions)
    })
    const tabletStart = performance.now()
    for (const customerId of world.submissions.keys()) await adviceForCustomer(db, customerId, KINDS)
    const tabletMs = performance.now() - tabletStart
    db.close()
    const row = (scenario: string, ms: number): BenchRow => ({
      scenario,
      database: 'in-process',
      modules: MODULES,
      customers: CUSTOMERS,
      'total ms': Math.round(ms),
      'ms/customer': Number((ms / CUSTOMERS).toFixed(2)),
      'modules shown': shown,
    })
    return [
      row('advice evaluate: server path (database rows)', serverMs),
      row('advice evaluate: tablet path (replica, fake-indexeddb)', tabletMs),
    ]
  },
}
