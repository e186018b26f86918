import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../helpers/url'

/*
 * A small load balancer in the test process, as one in front of several instances: round robin
 * over the upstreams it holds for up, a connection error on one answers that request 502 and takes
 * the upstream out; a health check (readiness, every 200 ms) puts it back once it answers 200.
 * Every request is logged with its upstream, status and times, so the test can say which 5xx
 * belong to the killed instance's requests in flight.
 */

export type Upstream = { name: string; port: number }

export type Logged = {
  id: number
  /** The upstream's name with its incarnation (`i2#1` after its first restart). */
  upstream: string
  method: string
  url: string
  status: number
  /** True when the proxy answered (502: the upstream's connection failed). */
  byProxy: boolean
  startedAt: number
  endedAt: number
}

type State = Upstream & { up: boolean; incarnation: number; downAt?: number; upAt?: number }

export type Balancer = Awaited<ReturnType<typeof startProxy>>

export async function startProxy(upstreams: Upstream[]) {
  const states: State[] = upstreams.map((u) => ({ ...u, up: false, incarnation: 0 }))
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 })
  const log: Logged[] = []
  const inFlight = new Map<number, Omit<Logged, 'status' | 'endedAt' | 'byProxy'>>()
  /** Times each upstream was taken out and put back, for the report. */
  const events: { upstream: string; what: 'down' | 'up'; at: number }[] = []
  let next = 0
  let seq = 0

  const label = (s: State) => (s.incarnation ? `${s.name}#${s.incarnation}` : s.name)
  const markDown = (s: State) => {
    if (!s.up) return
    s.up = false
    s.downAt = Date.now()
    events.push({ upstream: label(s), what: 'down', at: s.downAt })
  }

  const server = http.createServer((req, res) => {
    const live = states.filter((s) => s.up)
    const startedAt = Date.now()
    if (!live.length) {
      res.writeHead(503).end()
      return
    }
    const target = live[next++ % live.length]
    const entry = { id: ++seq, upstream: label(target), method: req.method ?? 'GET', url: req.url ?? '/', startedAt }
    inFlight.set(entry.id, entry)
    const done = (status: number, byProxy: boolean) => {
      if (!inFlight.delete(entry.id)) return
      log.push({ ...entry, status, byProxy, endedAt: Date.now() })
    }
    // As a real proxy: the client's address appended to X-Forwarded-For (TRUST_PROXY on the
    // instances takes the first, the tablet's own).
    const forwarded = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ')
    const up = http.request(
      {
        host: '127.0.0.1',
        port: target.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, 'x-forwarded-for': forwarded },
        agent,
      },
      (upRes) => {
        res.writeHead(upRes.statusCode ?? 502, upRes.headers)
        upRes.pipe(res)
        upRes.on('end', () => done(upRes.statusCode ?? 0, false))
        upRes.on('error', () => {
          markDown(target)
          res.destroy()
          done(upRes.statusCode ?? 0, false)
        })
      },
    )
    up.on('error', () => {
      // Refused, reset or cut off: the instance is gone (or going) — out of the rotation.
      markDown(target)
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' }).end('bad gateway')
      else res.destroy()
      done(502, true)
    })
    req.pipe(up)
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const port = (server.address() as AddressInfo).port

  // The health check: an upstream out of the rotation comes back when readiness answers 200.
  const readiness = apiUrl(API.health.check)
  let checking = false
  const timer = setInterval(async () => {
    if (checking) return
    checking = true
    for (const s of states.filter((x) => !x.up)) {
      const ok = await fetch(`http://127.0.0.1:${s.port}${readiness}`, { signal: AbortSignal.timeout(1000) }).then(
        (r) => r.status === 200,
        () => false,
      )
      if (ok && !s.up) {
        if (s.downAt !== undefined) s.incarnation++
        s.up = true
        s.upAt = Date.now()
        events.push({ upstream: label(s), what: 'up', at: s.upAt })
      }
    }
    checking = false
  }, 200)

  return {
    url: `http://127.0.0.1:${port}`,
    log,
    events,
    /** Requests forwarded and not yet answered. */
    inFlight: () => [...inFlight.values()],
    isUp: (name: string) => states.find((s) => s.name === name)?.up ?? false,
    close: async () => {
      clearInterval(timer)
      agent.destroy()
      server.closeAllConnections()
      await new Promise((r) => server.close(r))
    },
  }
}
