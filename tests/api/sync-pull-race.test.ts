import { describe, expect, it } from 'vitest'
import type { ChangesResponse } from '../../contract/sync'
import { buildTestApp } from '../helpers/app'
import { seedOrganisation } from '../helpers/factories'
import { customerBody, postCustomer } from './customers-fixtures'
import { pull } from './sync-fixtures'

// Issue 21 #6: a paginated pull racing concurrent commits misses no row. Versions are handed out
// under the organisation row lock, so they are in commit order: a page can never be read past a
// version whose transaction commits later. On PostgreSQL the writers really run side by side.
const app = await buildTestApp({ rateLimitFactor: 100 })
const org = await seedOrganisation(app)
const [salon] = org.salons
const owner = org.owner.headers

describe('sync: a pull racing commits', () => {
  it.each([
    ['per-entity cursors (this app)', true],
    ['one cursor (an older app)', false],
  ])(
    'sync: a replica paging with a small limit while four writers commit ends with every row: %s',
    async (_, perEntity) => {
      const created: string[] = []
      let writing = true
      const writer = async () => {
        for (let i = 0; i < 12; i++) created.push((await postCustomer(app, org.id, owner, customerBody([salon.id]))).id)
      }
      const writers = Promise.all([writer(), writer(), writer(), writer()]).finally(() => {
        writing = false
      })

      const seen = new Set<string>()
      let cursor = 0
      let cursors: Record<string, number> = {}
      let passes = 0
      // Page to the end again and again while they write; the pass that starts after the last commit
      // is the worker's next wake-up, and must bring everything.
      for (;;) {
        const last = !writing
        for (;;) {
          const res = await pull(app, {
            orgId: org.id,
            salonId: salon.id,
            headers: owner,
            ...(perEntity ? { cursors } : { since: cursor }),
            limit: 3,
          })
          expect(res.statusCode).toBe(200)
          const page = res.json() as ChangesResponse
          cursors = page.cursors
          for (const c of page.changes) if (c.entity === 'customer' && !c.deleted) seen.add(c.row.id)
          if (!perEntity) expect(page.cursor).toBeGreaterThanOrEqual(cursor)
          cursor = page.cursor
          if (!page.hasMore) break
        }
        passes++
        if (last) break
        // Let the writers' requests in between passes (one PGlite connection serves both sides).
        await new Promise((resolve) => setImmediate(resolve))
        expect(passes, 'the writers never finished').toBeLessThan(1000)
      }
      await writers
      expect(passes).toBeGreaterThan(1)
      expect(created).toHaveLength(48)
      expect(created.filter((id) => !seen.has(id))).toEqual([])
    },
  )
})
