import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { API } from '../../contract/endpoints'
import { defineEndpoint } from '../../contract/endpoints/define'
import { ApiError } from './errors'
import { call, download, isTransient, pathOf, queryString, retryAfterSeconds, send } from './request'

/** The request core against a real HTTP server (node:http): what the browser and the worker meet. */

type Seen = { method?: string; url?: string; headers: IncomingMessage['headers']; body: string }
let server: Server
let base: string
let seen: Seen
let handler: (req: IncomingMessage, res: ServerResponse) => void

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers })
  res.end(JSON.stringify(body))
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = ''
    req.setEncoding('latin1')
    req.on('data', (c) => (body += c))
    req.on('end', () => {
      seen = { method: req.method, url: req.url, headers: req.headers, body }
      handler(req, res)
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`
})
afterAll(() => new Promise<void>((r) => server.close(() => r())))

const item = defineEndpoint({
  method: 'PUT',
  path: '/organisations/:org/things/:id',
  params: z.object({ org: z.string(), id: z.string() }),
  query: z.object({ q: z.string().optional(), n: z.number().optional(), tags: z.array(z.string()).optional() }),
  body: z.object({ name: z.string() }),
  response: z.object({ id: z.string(), name: z.string() }),
  tags: ['test'],
})

describe('call', () => {
  it('builds the URL from the path (params encoded) and the query, and sends JSON with the token', async () => {
    handler = (_req, res) => json(res, 200, { id: '1', name: 'x' })
    const out = await call(item, {
      base,
      params: { org: 'a b/ç?#', id: '../x' },
      query: { q: 'ä&b=c', n: 0, tags: ['one', 'two'] },
      body: { name: 'x' },
      token: 'tok',
    })
    expect(out).toEqual({ id: '1', name: 'x' })
    expect(seen.method).toBe('PUT')
    expect(seen.url).toBe(
      '/api/organisations/a%20b%2F%C3%A7%3F%23/things/..%2Fx?q=%C3%A4%26b%3Dc&n=0&tags=one&tags=two',
    )
    expect(seen.headers.authorization).toBe('Bearer tok')
    expect(seen.headers['content-type']).toBe('application/json')
    expect(JSON.parse(seen.body)).toEqual({ name: 'x' })
  })

  it('calls a real definition (GET, no body, no token header)', async () => {
    handler = (_req, res) => json(res, 200, { status: 'ok', database: 'ok' })
    expect(await call(API.health.check, { base })).toEqual({ status: 'ok', database: 'ok' })
    expect(seen).toMatchObject({ method: 'GET', url: '/api/health-check', body: '' })
    expect(seen.headers.authorization).toBeUndefined()
    expect(seen.headers['content-type']).toBeUndefined()
  })

  it('maps an error body to ApiError: status, code, message, details', async () => {
    const details = { fields: [{ path: 'name', code: 'too_big', params: { maximum: 3 }, message: 'Too long.' }] }
    handler = (_req, res) =>
      json(res, 400, { code: 'VALIDATION_FAILED', message: 'The request is not valid.', details })
    const err = await call(item, { base, params: { org: 'o', id: 'i' }, body: { name: 'xxxx' } }).catch((e) => e)
    expect(err).toBeInstanceOf(ApiError)
    expect(err).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', message: 'The request is not valid.', details })
    expect(err.retryAfter).toBeUndefined()
    expect(err.fieldErrors).toHaveProperty('name')
  })

  it('names a failure without an error body by its status (a proxy page)', async () => {
    handler = (_req, res) => {
      res.writeHead(502, 'Bad Gateway', { 'content-type': 'text/html' })
      res.end('<html>bad gateway</html>')
    }
    const err = await call(API.health.check, { base }).catch((e) => e)
    expect(err).toMatchObject({ status: 502, code: 'HTTP_502', message: 'Bad Gateway' })
    expect(isTransient(err)).toBe(true)
  })

  it('reads Retry-After on 429', async () => {
    handler = (_req, res) =>
      json(res, 429, { code: 'TOO_MANY_REQUESTS', message: 'Too many requests.' }, { 'retry-after': '120' })
    const err = await call(API.health.check, { base }).catch((e) => e)
    expect(err).toMatchObject({ status: 429, code: 'TOO_MANY_REQUESTS', retryAfter: 120 })
    expect(isTransient(err)).toBe(true)
  })

  it('reads Retry-After as an HTTP-date on 503 (seconds from now; a past date is 0)', async () => {
    const at = new Date(Date.now() + 90_000).toUTCString()
    handler = (_req, res) => json(res, 503, { code: 'HTTP_503', message: 'busy' }, { 'retry-after': at })
    const err = await call(API.health.check, { base }).catch((e) => e)
    expect(err.status).toBe(503)
    expect(err.retryAfter).toBeGreaterThanOrEqual(88)
    expect(err.retryAfter).toBeLessThanOrEqual(90)
    expect(retryAfterSeconds('Wed, 21 Oct 2015 07:28:00 GMT')).toBe(0)
    expect(retryAfterSeconds('soon')).toBeUndefined()
  })

  it('is status 0 (no connection) when nothing answers', async () => {
    const closed = createServer()
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r))
    const port = (closed.address() as AddressInfo).port
    await new Promise<void>((r) => closed.close(() => r()))
    const err = await call(API.health.check, { base: `http://127.0.0.1:${port}/api` }).catch((e) => e)
    expect(err).toBeInstanceOf(ApiError)
    expect(err).toMatchObject({ status: 0, code: 'NETWORK', isNetwork: true })
  })

  it('is status 0 when the answer is cut off mid-body (not a server answer)', async () => {
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' })
      res.write('{"status":"o')
      setTimeout(() => res.socket?.destroy(), 20)
    }
    const err = await call(API.health.check, { base }).catch((e) => e)
    expect(err).toBeInstanceOf(ApiError)
    expect(err).toMatchObject({ status: 0, code: 'NETWORK', message: 'Response interrupted' })
  })

  it('rethrows an abort as it is (the caller stopped it; not a connection failure)', async () => {
    handler = () => undefined // never answers
    const ctrl = new AbortController()
    const p = call(API.health.check, { base, signal: ctrl.signal }).catch((e) => e)
    setTimeout(() => ctrl.abort(), 20)
    const err = await p
    expect(err).not.toBeInstanceOf(ApiError)
    expect((err as Error).name).toBe('AbortError')
  })

  it('refuses, in tests and development, an answer outside the definition', async () => {
    handler = (_req, res) => json(res, 200, { status: 'broken' })
    await expect(call(API.health.check, { base })).rejects.toThrow(/GET \/health-check answered outside its schema/)
  })

  it('answers undefined for an empty (204) endpoint', async () => {
    handler = (_req, res) => {
      res.writeHead(204)
      res.end()
    }
    expect(await call(API.uploads.storageSession, { base, token: 't' })).toBeUndefined()
    expect(seen).toMatchObject({ method: 'POST', url: '/api/storage/session' })
  })

  it('sends FormData as multipart (the browser sets the boundary)', async () => {
    handler = (_req, res) => json(res, 201, { path: 'org/images/a.png', url: '/storage/org/images/a.png' })
    const form = new FormData()
    form.append('id', '0190f5c1-0000-7000-8000-000000000001')
    form.append('file', new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' }), 'a.png')
    expect(await call(API.uploads.image, { base, params: { org: 'o' }, body: form })).toMatchObject({
      path: 'org/images/a.png',
    })
    expect(seen.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/)
    expect(seen.body).toContain('name="file"; filename="a.png"')
  })
})

describe('download and send', () => {
  const params = { org: 'o', salon: '0190f5c1-0000-7000-8000-000000000001', id: '0190f5c1-0000-7000-8000-000000000002' }

  it('answers the bytes and headers of a file', async () => {
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="a.csv"' })
      res.end('a;b\n1;2\n')
    }
    const { blob, headers } = await download(API.questionnaires.export, { base, params, token: 't' })
    expect(await blob.text()).toBe('a;b\n1;2\n')
    expect(headers.get('content-disposition')).toContain('a.csv')
  })

  it('maps a refused download like any call', async () => {
    handler = (_req, res) => json(res, 403, { code: 'FORBIDDEN', message: 'No.', details: { permission: 'x' } })
    const err = await send(API.questionnaires.export, { base, params }).catch((e) => e)
    expect(err).toMatchObject({ status: 403, code: 'FORBIDDEN', details: { permission: 'x' } })
  })
})

describe('paths and query strings', () => {
  it('encodes every parameter and refuses a missing one', () => {
    expect(pathOf('/a/:org/b/:id', { org: 'x/y', id: 'é' })).toBe('/a/x%2Fy/b/%C3%A9')
    expect(() => pathOf('/a/:org', {})).toThrow(/Missing path parameter org/)
  })

  it('leaves out undefined, null and empty values', () => {
    expect(queryString({ a: undefined, b: null, c: '', d: false, e: 0 })).toBe('?d=false&e=0')
    expect(queryString({})).toBe('')
    expect(queryString(undefined)).toBe('')
  })
})
