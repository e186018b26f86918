import { describe, expect, it } from 'vitest'
import { endpointName, statusesOf } from '../../contract/endpoints'
import { buildTestApp } from '../helpers/app'
import { requestOf, requestWorld, send, sweptEndpoints } from './endpoint-requests'

/*
 * Issue 21 #10: `PUT …/permissions/roles/{id}` with `{}` answered 500 ("No values to set"). An
 * update that changes nothing answers like every other update: its success status and the row
 * as it is, unchanged; a body the update cannot take empty is a 400 naming the fields. Swept over
 * every PUT and PATCH of the API.
 */

const app = await buildTestApp()
const w = await requestWorld(app)
const updates = sweptEndpoints().filter((e) => (e.method === 'PUT' || e.method === 'PATCH') && e.body)

/** The answer without what a write may move (its version, when it was made). */
const stable = (body: string) =>
  body ? JSON.parse(body, (k, v) => (k === 'version' || k === 'updatedAt' ? undefined : v)) : body

describe('empty updates', () => {
  it('every update answers `{}` with its success and the row unchanged, or a 400 when it needs fields', async () => {
    expect(updates.length).toBeGreaterThan(15)
    const wrong: string[] = []
    for (const e of updates) {
      const name = endpointName(e)
      const empty = requestOf(w, e, { body: {} })
      const first = await send(w, empty)
      const takesEmpty = e.body?.safeParse({}).success
      if (!takesEmpty) {
        if (first.statusCode !== 400 || first.json().code !== 'VALIDATION_FAILED')
          wrong.push(`${name}: ${first.statusCode} ${first.body.slice(0, 120)} (expected 400)`)
        continue
      }
      if (!statusesOf(e).includes(first.statusCode)) {
        wrong.push(`${name}: ${first.statusCode} ${first.body.slice(0, 120)}`)
        continue
      }
      // Unchanged: the same `{}` again answers the same row.
      const again = await send(w, empty)
      if (JSON.stringify(stable(again.body)) !== JSON.stringify(stable(first.body)))
        wrong.push(`${name}: a second {} answered another row`)
    }
    expect(wrong).toEqual([])
  }, 300_000)
})
