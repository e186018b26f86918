import { describe, expect, it } from 'vitest'
import type { BulkImport, ImportRow } from '../../contract/customer-imports'
import { planImport, runImport } from '../../src/features/customer-import/run-import'

const rows = (n: number): ImportRow[] =>
  Array.from({ length: n }, (_, i) => ({ row: i + 2, email: `p${i}@x.nl`, firstName: 'A', lastName: `B${i}` }))
const final = { rows: 450, skippedEmpty: 0, duplicates: 0, invalid: 0 }

describe('runImport', () => {
  it('sends chunks of 200 with fixed chunk ids; a failed send is retried with the same id; the last carries the counts', async () => {
    const plan = planImport(rows(450))
    expect(plan.chunks.map((c) => c.rows.length)).toEqual([200, 200, 50])
    const sent: BulkImport[] = []
    let failOnce = true
    const waits: (string | null)[] = []
    const p = await runImport({
      plan,
      salonIds: ['s'],
      fileName: 'f.csv',
      final,
      send: async (body) => {
        sent.push(body)
        if (body.chunkId === plan.chunks[1].chunkId && failOnce) {
          failOnce = false
          throw Object.assign(new Error('connection lost'), { status: 0 })
        }
        return {
          importId: body.importId,
          chunkId: body.chunkId,
          created: body.rows.length - 1,
          skippedExisting: [{ row: body.rows[0].row, email: body.rows[0].email }],
          replayed: false,
        }
      },
      onProgress: (x) => waits.push(x.waiting),
      isOnline: () => true,
      waitOnline: async () => {},
      sleep: async () => {},
    })
    expect(sent.map((b) => b.chunkId)).toEqual([
      plan.chunks[0].chunkId,
      plan.chunks[1].chunkId,
      plan.chunks[1].chunkId,
      plan.chunks[2].chunkId,
    ])
    expect(new Set(sent.map((b) => b.importId))).toEqual(new Set([plan.importId]))
    expect(sent.map((b) => b.final)).toEqual([undefined, undefined, undefined, final])
    expect(waits).toContain('retry')
    expect(p).toMatchObject({ done: 450, total: 450, created: 447, waiting: null })
    expect(p.skippedExisting).toHaveLength(3)
  })

  it('offline: pauses, says so, and goes on when the connection is back', async () => {
    let online = false
    const states: (string | null)[] = []
    const p = await runImport({
      plan: planImport(rows(10)),
      salonIds: ['s'],
      fileName: '',
      final,
      send: async (body) => ({
        importId: body.importId,
        chunkId: body.chunkId,
        created: body.rows.length,
        skippedExisting: [],
        replayed: false,
      }),
      onProgress: (x) => states.push(x.waiting),
      isOnline: () => online,
      waitOnline: async () => {
        online = true
      },
    })
    expect(states).toContain('offline')
    expect(p.created).toBe(10)
  })

  it('a refusal (4xx) stops the import', async () => {
    await expect(
      runImport({
        plan: planImport(rows(3)),
        salonIds: ['s'],
        fileName: '',
        final,
        send: async () => {
          throw Object.assign(new Error('forbidden'), { status: 403 })
        },
        onProgress: () => {},
        isOnline: () => true,
        waitOnline: async () => {},
      }),
    ).rejects.toThrow('forbidden')
  })
})
