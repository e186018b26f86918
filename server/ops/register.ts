import { timingSafeEqual } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { AppError } from '../errors'
import type { Metrics } from './metrics'

/** A constant-time comparison: the scrape token must not leak a byte at a time through timing. */
const sameToken = (given: string, expected: string) => {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

/**
 * Issue 25, what a load balancer and an operator need from an instance:
 * - every finished request timed by its route pattern (`metrics.request`);
 * - `GET /metrics` in the Prometheus text format, outside the API (not a product endpoint, like
 *   `/storage/*`), only with `Authorization: Bearer <METRICS_TOKEN>`; without METRICS_TOKEN it
 *   does not exist (404 as any unknown address);
 * - `draining`: set by main.ts on SIGTERM; readiness (`/api/health-check`) answers 503 from then on.
 */
export function registerOps(app: FastifyInstance, opts: { metrics: Metrics }) {
  app.decorate('metrics', opts.metrics)
  app.decorate('draining', false)
  app.addHook('onResponse', async (req, reply) => {
    // Unmatched addresses share one series: a scan of random URLs must not make thousands.
    const route = req.routeOptions.url ?? 'unmatched'
    opts.metrics.request(req.method, route, reply.statusCode, reply.elapsedTime / 1000)
  })
  const token = app.config.metricsToken
  if (!token) return
  app.get('/metrics', async (req, reply) => {
    const h = req.headers.authorization ?? ''
    if (!h.startsWith('Bearer ') || !sameToken(h.slice(7), token)) throw new AppError('UNAUTHENTICATED')
    reply.header('content-type', opts.metrics.registry.contentType)
    reply.header('cache-control', 'no-store')
    return opts.metrics.registry.metrics()
  })
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Prometheus figures of this instance (server/ops/metrics.ts). */
    metrics: Metrics
    /** Shutting down: readiness says 503 while in-flight requests finish (server/main.ts). */
    draining: boolean
  }
}
