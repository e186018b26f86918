import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { buildTestApp } from '../helpers/app'

// Issue 7 #16: after a deploy the old version's chunks are gone. A missing build file must be a
// plain 404, not the app shell (HTML where a script was asked for), so the app knows it is stale.
const dir = mkdtempSync(path.join(tmpdir(), 'salon-static-'))
writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>app</title>')
mkdirSync(path.join(dir, 'assets'))
writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'export {}')
const app = await buildTestApp({ staticDir: dir })

describe('static files', () => {
  it('a missing /assets/ chunk is a 404, not the app shell', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/customers-page-OLDHASH.js' })
    expect(res.statusCode).toBe(404)
    expect(res.body).not.toContain('<!doctype html>')
  })
  it('an existing chunk is served, immutable; app routes still get the shell', async () => {
    const chunk = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' })
    expect(chunk.statusCode).toBe(200)
    expect(chunk.headers['cache-control']).toContain('immutable')
    const route = await app.inject({ method: 'GET', url: '/demo/admin/customers' })
    expect(route.statusCode).toBe(200)
    expect(route.body).toContain('<!doctype html>')
  })
})
