import type { ErrorBody } from '../../contract/errors'
import { ApiError } from '../../src/api/client'

export type FetchFn = (input: string, init?: RequestInit) => Promise<Response>

/**
 * The sync engine's HTTP call: like src/api/client's `api()` (same ApiError, status 0 = no
 * connection) but with the fetch and base address injected, so the engine runs in a worker, in
 * Node tests against a real server, and in the benchmark.
 */
export async function request<T>(
  fetchFn: FetchFn,
  url: string,
  opts: { method?: 'GET' | 'POST'; body?: unknown; token: string | null },
): Promise<T> {
  const headers: Record<string, string> = {}
  if (opts.body !== undefined) headers['content-type'] = 'application/json'
  if (opts.token) headers.authorization = `Bearer ${opts.token}`
  let res: Response
  try {
    res = await fetchFn(url, {
      method: opts.method ?? 'GET',
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    })
  } catch {
    throw new ApiError(0, 'NETWORK', 'No connection')
  }
  let data: unknown
  try {
    const text = await res.text()
    data = text ? JSON.parse(text) : undefined
  } catch {
    // A cut-off body (connection lost mid-response) is a network failure, not a server answer.
    if (res.ok) throw new ApiError(0, 'NETWORK', 'Response interrupted')
    data = undefined
  }
  if (!res.ok) {
    const body = (data ?? {}) as Partial<ErrorBody>
    throw new ApiError(res.status, body.code ?? `HTTP_${res.status}`, body.message ?? res.statusText, body.details)
  }
  return data as T
}

/** Errors after which the same request may succeed later: no connection, overload, server fault. */
export const isTransient = (e: unknown) =>
  e instanceof ApiError ? e.status === 0 || e.status === 408 || e.status === 429 || e.status >= 500 : false
