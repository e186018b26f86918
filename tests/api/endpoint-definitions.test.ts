import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ENDPOINTS, routeSchema, statusesOf } from '../../contract/endpoints'
import type { App } from '../../server/app'
import { appWithRoutes, type RouteInfo, schemaKeys } from './route-table'

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

  it('checks the same params, query and body keys, and answers the same statuses, as the route', () => {
    for (const r of api) {
      const e = ENDPOINTS.find((d) => d.method === r.method && `/api${d.path}` === r.url)
      if (!e) continue
      const schema = (r.schema ?? {}) as Record<string, unknown>
      const at = `${r.method} ${r.url}`
      expect(schemaKeys(e.params), at).toEqual(schemaKeys(schema.params))
      expect(schemaKeys(e.query), at).toEqual(schemaKeys(schema.querystring))
      expect(schemaKeys(e.body), at).toEqual(schemaKeys(schema.body))
      const statuses = Object.keys((schema.response as object | undefined) ?? {}).map(Number)
      expect(e.format ?? 'json', at).toBe(statuses.length ? 'json' : e.format)
      if (statuses.length) expect(statusesOf(e), at).toEqual(statuses)
      // What the server would register from the definition carries the same keys.
      const derived = routeSchema(e) as Record<string, unknown>
      expect(Object.keys(derived.response ?? {}).map(Number), at).toEqual(statuses)
      expect(derived.security, at).toEqual(schema.security)
    }
  })
})
