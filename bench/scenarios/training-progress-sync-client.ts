import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { SyncEngine } from '../../src-worker/sync/engine'
import { ReplicaDb } from '../../src/local-db/db'
import { recordProgress } from '../../src/local-db/training-progress'
import { createBenchCourse } from '../training'
import type { BenchRow, Scenario } from '../types'

const MODULES = 10
const PER_MODULE = 50
/** Issue 24: progress made offline, synced in one go (our own target: as fast as 500 submissions). */
const LIMIT_MS = 5_000

/**
 * An employee learned a 500-segment course offline: each segment opened and completed, 1,000
 * progress events queued on the tablet (completions are never folded into the opening). Back
 * online the sync engine pushes the outbox in batches to the real server, which merges each event
 * in a row lock (never backwards) and takes a new version when it changes something; the engine
 * settles each batch in Dexie, as the sync worker does (fake-indexeddb in Node).
 */
export const scenario: Scenario = {
  name: 'training-progress-sync-client',
  async run(ctx) {
    const course = await createBenchCourse(ctx, MODULES, PER_MODULE)
    const me = await fetch(`${ctx.baseUrl}/api/organisations/${ctx.orgId}/employees/me`, { headers: ctx.headers })
    const employeeId = ((await me.json()) as { id: string }).id
    const db = new ReplicaDb(`bench-progress-${Date.now()}`, { indexedDB: new IDBFactory(), IDBKeyRange })
    const queuedAt = performance.now()
    for (const segmentId of course.segmentIds) {
      await recordProgress(db, employeeId, { courseId: course.id, segmentId, started: true })
      await recordProgress(db, employeeId, { courseId: course.id, segmentId, completed: true })
    }
    const queueMs = performance.now() - queuedAt
    const events = await db.outbox.count()
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
    if (left > 0) throw new Error(`${left} progress events still queued`)
    const check = await fetch(`${ctx.baseUrl}/api/organisations/${ctx.orgId}/trainings/courses/${course.id}/progress`, {
      headers: ctx.headers,
    })
    const mine = ((await check.json()) as { employeeId: string; completedSegments: number }[]).find(
      (p) => p.employeeId === employeeId,
    )
    if (mine?.completedSegments !== course.segmentIds.length)
      throw new Error(`server holds ${mine?.completedSegments ?? 0} of ${course.segmentIds.length} completions`)
    return [
      {
        scenario: `sync ${events} training progress events (sync engine push)`,
        database: ctx.database,
        rows: events,
        'total ms': Math.round(ms),
        'rows/s': Math.round((events / ms) * 1000),
        'limit ms': LIMIT_MS,
      } satisfies BenchRow,
      {
        scenario: `  recording them on the tablet (row + outbox, Dexie)`,
        database: 'client',
        rows: events,
        'total ms': Math.round(queueMs),
        'rows/s': Math.round((events / queueMs) * 1000),
        'limit ms': '',
      },
    ]
  },
}
