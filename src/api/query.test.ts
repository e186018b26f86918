import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { STORAGE_KEYS } from '../../contract/enums'
import { API } from '../../contract/endpoints'
import { ApiError } from './errors'

/*
 * The query layer's pure parts: keys, the retry rule, and the transport attaching the stored
 * session's token (against a real HTTP server). Node has no localStorage: a small one stands in.
 */
const store = new Map<string, string>()
globalThis.localStorage = {
  getItem: (k: string) => store.get(k) ?? null,
  setItem: (k: string, v: string) => void store.set(k, v),
  removeItem: (k: string) => void store.delete(k),
  clear: () => store.clear(),
  key: () => null,
  length: 0,
} as Storage

const { createQueryClient, endpointKey, queryKeyOf, shouldRetry } = await import('./query')
const { apiCall, apiDownload, tokenOf } = await import('./transport')

let server: Server
let base: string
let seen: { url?: string; authorization?: string }
beforeAll(async () => {
  server = createServer((req: IncomingMessage, res) => {
    seen = { url: req.url, authorization: req.headers.authorization }
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(JSON.stringify(req.url?.startsWith('/api/health') ? { status: 'ok', database: 'ok' } : []))
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`
})
afterAll(() => new Promise<void>((r) => server.close(() => r())))
beforeEach(() => store.clear())

const signIn = (key: string, token: string) =>
  localStorage.setItem(key, JSON.stringify({ token, expiresAt: new Date(Date.now() + 60_000).toISOString() }))

describe('query keys', () => {
  it('name the endpoint by method and path, then its params and query', () => {
    expect(endpointKey(API.organisations.get)).toBe('GET /organisations/:org')
    expect(queryKeyOf(API.organisations.get, { params: { org: 'o' } })).toEqual([
      'GET /organisations/:org',
      { org: 'o' },
      {},
    ])
    expect(
      queryKeyOf(API.customers.activities, { params: { org: 'o' }, query: { customerId: 'c', period: 'all' } }),
    ).toEqual(['GET /organisations/:org/customers/activities', { org: 'o' }, { customerId: 'c', period: 'all' }])
  })

  it('carry a reading POST body and a non-staff session, so neither shares an answer it should not', () => {
    const key = queryKeyOf(API.employees.activities, { params: { org: 'o' }, body: { page: 2 } })
    expect(key).toEqual([endpointKey(API.employees.activities), { org: 'o' }, {}, { page: 2 }])
    expect(queryKeyOf(API.customerAdvice.mine, { params: { org: 'o' }, as: 'customer' })).toEqual([
      endpointKey(API.customerAdvice.mine),
      { org: 'o' },
      {},
      { as: 'customer' },
    ])
  })

  it('start with the endpoint, so invalidating the endpoint reaches every call of it', async () => {
    const client = createQueryClient()
    client.setQueryData(queryKeyOf(API.organisations.get, { params: { org: 'a' } }), { id: 'a' })
    client.setQueryData(queryKeyOf(API.organisations.get, { params: { org: 'b' } }), { id: 'b' })
    client.setQueryData(queryKeyOf(API.salons.list, { params: { org: 'a' } }), [])
    await client.invalidateQueries({ queryKey: [endpointKey(API.organisations.get)] })
    const stale = client
      .getQueryCache()
      .getAll()
      .filter((q) => q.state.isInvalidated)
      .map((q) => q.queryKey[1])
    expect(stale).toEqual([{ org: 'a' }, { org: 'b' }])
  })
})

describe('retries', () => {
  it('never retry a refusal (4xx) nor no connection (status 0); once after a server fault', () => {
    expect(shouldRetry(0, new ApiError(404, 'NOT_FOUND', 'x'))).toBe(false)
    expect(shouldRetry(0, new ApiError(403, 'FORBIDDEN', 'x'))).toBe(false)
    expect(shouldRetry(0, new ApiError(400, 'VALIDATION_FAILED', 'x'))).toBe(false)
    expect(shouldRetry(0, new ApiError(0, 'NETWORK', 'No connection'))).toBe(false)
    expect(shouldRetry(0, new ApiError(503, 'HTTP_503', 'x'))).toBe(true)
    expect(shouldRetry(1, new ApiError(503, 'HTTP_503', 'x'))).toBe(false)
    expect(shouldRetry(0, new ApiError(429, 'TOO_MANY_REQUESTS', 'x', undefined, 120))).toBe(false)
    expect(shouldRetry(0, new Error('answered outside its schema'))).toBe(false)
  })

  it('the client runs queries offline too (networkMode always) and retries by the rule', () => {
    const q = createQueryClient().getDefaultOptions().queries
    expect(q?.networkMode).toBe('always')
    expect(q?.retry).toBe(shouldRetry)
  })
})

describe('transport', () => {
  it("attaches the signed-in employee's token by default, and the customer's when asked", async () => {
    signIn(STORAGE_KEYS.loggedInEmployeeUser, 'staff-token')
    signIn('loggedInCustomerUser', 'customer-token')
    await apiCall(API.salons.list, { base, params: { org: 'o' } })
    expect(seen.authorization).toBe('Bearer staff-token')
    await apiCall(API.customerAdvice.myNotifications, { base, params: { org: 'o' }, as: 'customer' })
    expect(seen.authorization).toBe('Bearer customer-token')
    await apiDownload(API.salons.list, { base, params: { org: 'o' } })
    expect(seen.authorization).toBe('Bearer staff-token')
  })

  it('sends no token to a public endpoint, nor when nobody is signed in or the session expired', async () => {
    signIn(STORAGE_KEYS.loggedInEmployeeUser, 'staff-token')
    await apiCall(API.health.check, { base })
    expect(seen.authorization).toBeUndefined()
    store.clear()
    await apiCall(API.salons.list, { base, params: { org: 'o' } })
    expect(seen.authorization).toBeUndefined()
    localStorage.setItem(
      STORAGE_KEYS.loggedInEmployeeUser,
      JSON.stringify({ token: 'old', expiresAt: new Date(Date.now() - 1000).toISOString() }),
    )
    expect(tokenOf('employee')).toBeNull()
  })
})
