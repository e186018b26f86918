import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ENDPOINTS } from '../../contract/endpoints'
import type { App } from '../../server/app'
import { appWithRoutes, type RouteInfo } from './route-table'

/** The definitions in contract/endpoints and the routes the server registers are the same set. */
describe('contract/endpoints ↔ server routes', () => {
  let app: App
  let api: RouteInfo[]
  beforeAll(async () => {
    const built = await appWithRoutes()
    app = built.app
    api = built.routes.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'))
  })
  afterAll(() => app.close())

  it('defines every /api route, and registers every definition', () => {
    const served = api.map((r) => `${r.method} ${r.url.slice('/api'.length)}`).sort()
    const defined = ENDPOINTS.map((e) => `${e.method} ${e.path}`).sort()
    expect(defined).toEqual(served)
  })

  it('marks exactly the routes without a session as public', () => {
    for (const r of api) {
      const e = ENDPOINTS.find((d) => d.method === r.method && `/api${d.path}` === r.url)
      const isPublic = Array.isArray((r.schema as { security?: unknown[] } | undefined)?.security)
      expect(e?.public === true, `${r.method} ${r.url}`).toBe(isPublic)
    }
  })
})
