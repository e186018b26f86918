import autocannon from 'autocannon'

export type LoadResult = {
  name: string
  requests: number
  rps: number
  p50: number
  p95: number
  p99: number
  errors: number
}

const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : Number.NaN

/**
 * Runs autocannon against one endpoint and measures every response's latency itself
 * (autocannon's own table has no p95).
 */
export async function load(opts: {
  name: string
  url: string
  headers: Record<string, string>
  method?: 'GET' | 'POST'
  /** A fresh path/body per request, so a cache or a lucky plan cannot flatter the figures. */
  next: () => { path: string; body?: unknown }
  connections?: number
  seconds?: number
}): Promise<LoadResult> {
  const times: number[] = []
  const instance = autocannon({
    url: opts.url,
    connections: opts.connections ?? 10,
    duration: opts.seconds ?? 5,
    headers: { ...opts.headers, 'content-type': 'application/json' },
    requests: [
      {
        method: opts.method ?? 'GET',
        setupRequest: (req) => {
          const n = opts.next()
          return { ...req, path: n.path, body: n.body === undefined ? undefined : JSON.stringify(n.body) }
        },
      },
    ],
  })
  instance.on('response', (_c, _status, _bytes, ms) => {
    times.push(ms)
  })
  const r = await instance
  times.sort((a, b) => a - b)
  return {
    name: opts.name,
    requests: r.requests.total,
    rps: r.requests.average,
    p50: pct(times, 50),
    p95: pct(times, 95),
    p99: pct(times, 99),
    errors: r.non2xx + r.errors + r.timeouts,
  }
}
