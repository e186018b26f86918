import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client'

/*
 * What an operator watches (issue 25), in the Prometheus text format (prom-client, the
 * maintained Node client): request rate and latency per route, sync push outcomes, scheduled jobs
 * (runs, failures, queued), the database pool, and the process's own (memory, event loop lag,
 * GC). One registry per app, not prom-client's global one: tests build many apps in one process.
 * Each instance serves its own figures; Prometheus scrapes every instance and sums them.
 */

export type PoolStats = { total: number; idle: number; waiting: number; max: number }

export type Metrics = ReturnType<typeof createMetrics>

export function createMetrics() {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry })
  const http = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status code',
    labelNames: ['method', 'route', 'status'] as const,
    // From a cache hit to a slow export: the buckets around the 20 ms target are the fine ones.
    buckets: [0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  })
  const syncPush = new Counter({
    name: 'sync_push_mutations_total',
    help: 'Mutations pushed by devices, by outcome (applied, duplicate, conflict, rejected)',
    labelNames: ['outcome'] as const,
    registers: [registry],
  })
  const jobRuns = new Counter({
    name: 'jobs_runs_total',
    help: 'Scheduled job runs in this instance, by job and outcome (done, failed)',
    labelNames: ['job', 'outcome'] as const,
    registers: [registry],
  })
  let queued: (() => Promise<Record<string, number>>) | null = null
  new Gauge({
    name: 'jobs_queued',
    help: 'Jobs waiting to run, by job (the queue is shared by every instance)',
    labelNames: ['job'] as const,
    registers: [registry],
    async collect() {
      this.reset()
      for (const [job, n] of Object.entries((await queued?.().catch(() => null)) ?? {})) this.set({ job }, n)
    },
  })
  let pool: (() => PoolStats) | null = null
  new Gauge({
    name: 'db_pool_connections',
    help: 'Database pool connections by state (total, idle, waiting requests, max); PostgreSQL only',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      this.reset()
      if (pool) for (const [state, n] of Object.entries(pool())) this.set({ state }, n)
    },
  })
  return {
    registry,
    /** One finished request: its route pattern (never the raw URL: ids would explode the series). */
    request(method: string, route: string, status: number, seconds: number) {
      http.observe({ method, route, status: String(status) }, seconds)
    },
    pushed(outcomes: readonly { status: string }[]) {
      for (const o of outcomes) syncPush.inc({ outcome: o.status })
    },
    jobRun(job: string, outcome: 'done' | 'failed') {
      jobRuns.inc({ job, outcome })
    },
    /** How many jobs wait, per job, read at each scrape. */
    watchQueue(read: () => Promise<Record<string, number>>) {
      queued = read
    },
    watchPool(read: () => PoolStats) {
      pool = read
    },
  }
}
