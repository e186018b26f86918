import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { API } from '../../contract/endpoints'
import { SYNC_SCHEMA_VERSION } from '../../contract/sync'
import { buildTestApp } from '../helpers/app'
import { seedOrganisation } from '../helpers/factories'
import { apiUrl } from '../helpers/url'

/** Issue 25: the operator's figures in the Prometheus text format, behind METRICS_TOKEN. */
describe('GET /metrics', () => {
  it('does not exist without METRICS_TOKEN', async () => {
    const app = await buildTestApp()
    const res = await app.inject({ method: 'GET', url: '/metrics' })
    expect(res.statusCode).toBe(404)
  })

  it('answers only the scrape token, with request, sync and process figures', async () => {
    const app = await buildTestApp({ metricsToken: 'scrape-secret-123' })
    for (const authorization of [undefined, 'Bearer wrong', 'Bearer scrape-secret-12', 'scrape-secret-123']) {
      const res = await app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} })
      expect(res.statusCode, String(authorization)).toBe(401)
      expect(res.body).not.toContain('http_request_duration_seconds')
    }
    // An employee's session is not the scrape token.
    const org = await seedOrganisation(app)
    const asOwner = await app.inject({ method: 'GET', url: '/metrics', headers: org.owner.headers })
    expect(asOwner.statusCode).toBe(401)

    await app.inject({ method: 'GET', url: apiUrl(API.health.check) })
    await app.inject({ method: 'GET', url: apiUrl(API.health.check) })
    const push = await app.inject({
      method: 'POST',
      url: apiUrl(API.sync.push, { org: org.id, salon: org.salons[0].id }),
      headers: org.owner.headers,
      payload: {
        schemaVersion: SYNC_SCHEMA_VERSION,
        clientId: 'metrics-test-device',
        sentAt: new Date().toISOString(),
        // Args that do not fit the mutation: rejected, the batch itself answered 200.
        mutations: [
          { id: randomUUID(), seq: 1, name: 'trainingProgress.record', at: new Date().toISOString(), args: {} },
        ],
      },
    })
    expect(push.statusCode).toBe(200)

    const res = await app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer scrape-secret-123' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('text/plain')
    const text = res.body
    // The route's pattern, never the raw URL with ids.
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/health-check",status="200"\} 2/,
    )
    expect(text).toContain(`route="/api${API.sync.push.path}"`)
    expect(text).not.toContain(org.id)
    expect(text).toMatch(/sync_push_mutations_total\{outcome="rejected"\} 1/)
    expect(text).toContain('process_resident_memory_bytes')
    expect(text).toContain('nodejs_eventloop_lag_seconds')
    expect(text).toContain('# TYPE jobs_runs_total counter')
  })

  it('counts every unknown address as one series', async () => {
    const app = await buildTestApp({ metricsToken: 'scrape-secret-123' })
    for (let i = 0; i < 5; i++) await app.inject({ method: 'GET', url: '/api/nope', query: { n: String(i) } })
    const text = (
      await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer scrape-secret-123' } })
    ).body
    expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="unmatched",status="404"\} 5/)
    expect(text).not.toContain('nope')
  })
})
