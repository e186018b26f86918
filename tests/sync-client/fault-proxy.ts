import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** What the proxy does to the next push instead of passing it on. */
export type PushFault = { status: 429 | 503; retryAfter?: string } | { hang: true }

/**
 * A real HTTP proxy in front of the real server (issue 21 #4: the faults a proxy injected in front
 * of a tablet): passes every request on, except that each push takes the next queued fault —
 * an overloaded answer with Retry-After, or a hang (the request is read and never answered).
 * Records when each push arrived and whether a hung one was given up by the client.
 */
export async function faultProxy(target: string) {
  const state = {
    faults: [] as PushFault[],
    pushesAt: [] as number[],
    /** Hung requests the client closed (aborted) itself. */
    abandoned: 0,
    base: '',
    hung: [] as ServerResponse[],
  }
  const server = createServer((req, res) => void handle(req, res))
  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = []
    for await (const c of req) chunks.push(c as Buffer)
    const path = (req.url ?? '').replace(/^\/api/, '')
    if (path.endsWith('/sync/push')) {
      state.pushesAt.push(Date.now())
      const fault = state.faults.shift()
      if (fault && 'hang' in fault) {
        state.hung.push(res)
        res.on('close', () => state.abandoned++)
        return
      }
      if (fault) {
        const headers: Record<string, string> = { 'content-type': 'application/json' }
        if (fault.retryAfter !== undefined) headers['retry-after'] = fault.retryAfter
        res.writeHead(fault.status, headers)
        res.end(JSON.stringify({ code: fault.status === 429 ? 'TOO_MANY_REQUESTS' : 'HTTP_503', message: 'busy' }))
        return
      }
    }
    const headers = Object.fromEntries(
      Object.entries(req.headers).filter(([k]) => !['host', 'connection', 'content-length'].includes(k)),
    ) as Record<string, string>
    const upstream = await fetch(`${target}${path}`, {
      method: req.method,
      headers,
      body: chunks.length ? Buffer.concat(chunks) : undefined,
    })
    const body = Buffer.from(await upstream.arrayBuffer())
    res.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/json' })
    res.end(body)
  }
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  state.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`
  const close = () =>
    new Promise<void>((r) => {
      for (const res of state.hung) res.destroy()
      server.close(() => r())
    })
  return Object.assign(state, { close })
}
