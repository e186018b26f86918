import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { v4 as uuidv4 } from 'uuid'
import { describe, expect, it } from 'vitest'
import { progressId } from '../../contract/trainings'
import { ReplicaDb } from '../../src/local-db/db'
import { putServerProgress } from '../../src/local-db/entities/training-progress'
import { recordProgress as recordTrainingProgress } from '../../src/local-db/training-progress'

/*
 * Issue 24: the Blueprint's progress written on the device (real Dexie over fake-indexeddb): each
 * step is an outbox entry and shows on the row at once, merged as the server merges it.
 */
const open = () => new ReplicaDb(`blueprint-${uuidv4()}`, { indexedDB: new IDBFactory(), IDBKeyRange })
const employeeId = uuidv4()
const courseId = uuidv4()
const segmentId = uuidv4()

describe('training progress on the device', () => {
  it('a step shows at once, pending, on the id every device shares, and is queued in the outbox', async () => {
    const db = open()
    const id = await recordTrainingProgress(db, employeeId, { courseId, segmentId, positionSeconds: 12.7 })
    expect(id).toBe(progressId(employeeId, segmentId))
    const row = await db.trainingProgress.get(id)
    expect(row).toMatchObject({ courseId, segmentId, positionSeconds: 12, completedAt: null, _pending: 1 })
    expect(row?.startedAt).toBeTruthy()
    const queued = await db.outbox.toArray()
    expect(queued.map((e) => [e.name, e.entityId, e.args])).toEqual([
      [
        'trainingProgress.record',
        id,
        { id, courseId, segmentId, started: true, completed: false, positionSeconds: 12 },
      ],
    ])
  })

  it('the audio position only rises, and stays where it was once the segment is done', async () => {
    const db = open()
    await recordTrainingProgress(db, employeeId, { courseId, segmentId, positionSeconds: 20 })
    await recordTrainingProgress(db, employeeId, { courseId, segmentId, positionSeconds: 5 })
    const id = progressId(employeeId, segmentId)
    expect((await db.trainingProgress.get(id))?.positionSeconds).toBe(20)
    await recordTrainingProgress(db, employeeId, { courseId, segmentId, positionSeconds: 60, completed: true })
    await recordTrainingProgress(db, employeeId, { courseId, segmentId, positionSeconds: 90 })
    const row = await db.trainingProgress.get(id)
    expect(row?.completedAt).toBeTruthy()
    expect(row?.positionSeconds).toBe(60)
  })

  it('position steps fold into one unsent entry (the time of the first step, the highest position); completions keep their own', async () => {
    const db = open()
    const id = progressId(employeeId, segmentId)
    for (let s = 5; s <= 600; s += 5)
      await recordTrainingProgress(db, employeeId, { courseId, segmentId, positionSeconds: s })
    const once = await db.outbox.toArray()
    expect(once).toHaveLength(1)
    expect(once[0].args).toMatchObject({ started: true, completed: false, positionSeconds: 600 })
    const first = once[0].createdAt
    await recordTrainingProgress(db, employeeId, { courseId, segmentId, positionSeconds: 610, completed: true })
    await recordTrainingProgress(db, employeeId, { courseId, segmentId, positionSeconds: 20 })
    const after = await db.outbox.orderBy('seq').toArray()
    const steps = after.map((e) => e.args as { completed: boolean; positionSeconds: number })
    expect(steps.map((a) => [a.completed, a.positionSeconds])).toEqual([
      [true, 610],
      [false, 600],
    ])
    expect(after[1].createdAt).toBe(first)
    expect((await db.trainingProgress.get(id))?.positionSeconds).toBe(610)
    // Another segment's steps stay apart.
    const other = uuidv4()
    await recordTrainingProgress(db, employeeId, { courseId, segmentId: other, positionSeconds: 3 })
    expect(await db.outbox.count()).toBe(3)
  })

  it("another device's progress from the server stays under this device's unsent steps", async () => {
    const db = open()
    const id = progressId(employeeId, segmentId)
    await recordTrainingProgress(db, employeeId, { courseId, segmentId, positionSeconds: 8 })
    await db.transaction('rw', [db.trainingProgress, db.serverTrainingProgress, db.outbox], () =>
      putServerProgress(db, [
        {
          id,
          employeeId,
          courseId,
          segmentId,
          startedAt: '2026-11-01T08:00:00.000Z',
          completedAt: null,
          positionSeconds: 31,
          updatedAt: '2026-11-01T08:01:00.000Z',
          version: 7,
        },
      ]),
    )
    const row = await db.trainingProgress.get(id)
    expect(row).toMatchObject({ positionSeconds: 31, startedAt: '2026-11-01T08:00:00.000Z', _pending: 1 })
  })
})
