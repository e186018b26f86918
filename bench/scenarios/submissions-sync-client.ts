import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { SyncEngine } from '../../src-worker/sync/engine'
import { ReplicaDb } from '../../src/local-db/db'
import { submitQuestionnaire } from '../../src/local-db/submission-mutations'
import { benchAnswers, createBenchQuestionnaire } from '../questionnaire'
import type { BenchRow, Scenario } from '../types'

const QUEUED = 500
const QUESTIONS = 20
/** Issue 25: 500 queued submissions synced in under 5 s, on PGlite as well. */
const LIMIT_MS = 5_000

/**
 * A tablet back online with 500 queued submissions (20 answers each): the sync engine pushes
 * its outbox in batches of 100 to the real server and settles each batch in Dexie, as the sync
 * worker does (fake-indexeddb in Node). Every submission is validated and stored with its ledger
 * row, several in one transaction (server/services/sync/push.ts).
 */
export const scenario: Scenario = {
  name: 'submissions-sync-client',
  async run(ctx) {
    const q = await createBenchQuestionnaire(ctx, QUESTIONS)
    const list = await fetch(`${ctx.baseUrl}/api/organisations/${ctx.orgId}/customers?pageSize=1`, {
      headers: ctx.headers,
    })
    const customerId = ((await list.json()) as { items: { id: string }[] }).items[0].id
    const db = new ReplicaDb(`bench-outbox-${Date.now()}`, { indexedDB: new IDBFactory(), IDBKeyRange })
    const answers = benchAnswers(QUESTIONS)
    for (let i = 0; i < QUEUED; i++)
      await submitQuestionnaire(db, { salonId: ctx.salonId, customerId, questionnaireId: q.id, answers })
    const engine = new SyncEngine({
      db,
      orgId: ctx.orgId,
      salonId: ctx.salonId,
      apiBase: `${ctx.baseUrl}/api`,
      pullIntervalMs: 0,
      pull: false,
    })
    engine.setToken(ctx.token)
    const started = performance.now()
    await engine.pushAll()
    const ms = performance.now() - started
    const left = await db.outbox.count()
    db.close()
    if (left > 0) throw new Error(`${left} submissions still queued`)
    return [
      {
        scenario: `sync ${QUEUED} queued submissions (sync engine push)`,
        database: ctx.database,
        rows: QUEUED,
        'total ms': Math.round(ms),
        'rows/s': Math.round((QUEUED / ms) * 1000),
        'limit ms': LIMIT_MS,
      } satisfies BenchRow,
    ]
  },
}
