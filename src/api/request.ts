import type { z } from 'zod'
import type { EndpointSpec, ResponseOf } from '../../contract/endpoints/define'
import type { ErrorBody } from '../../contract/errors'
import { ApiError } from './errors'
import { noteServerDate } from './device-clock'

/*
 * The one HTTP core of the client: the UI, the sync worker and the service worker call the
 * endpoints of contract/endpoints through it. It builds the URL from the definition, sends, and
 * maps every failure to one ApiError. No time-out by default (spec §9).
 */

/** API base: same origin `/api` (one port serves app and API); overridable at build time. */
export const API_BASE: string = import.meta.env?.VITE_API_BASE ?? '/api'
export const STORAGE_BASE: string = import.meta.env?.VITE_STORAGE_BASE ?? '/storage'

export type FetchFn = (input: string, init?: RequestInit) => Promise<Response>

/** How a call travels: the session token, an abort signal, another base or fetch (worker, tests). */
export type Transport = {
  token?: string | null
  signal?: AbortSignal
  /** e.g. '/api' (default) or 'http://127.0.0.1:1234/api' in tests. */
  base?: string
  fetch?: FetchFn
}

type In<S> = S extends z.ZodType ? z.input<S> : never
/** Required when the schema needs something, optional when every key may be left out. */
type Slot<K extends string, S> = S extends z.ZodType
  ? object extends In<S>
    ? { [P in K]?: In<S> }
    : { [P in K]: In<S> }
  : { [P in K]?: undefined }

/** What a call of `E` takes: its path params, query and body, typed from the definition. */
export type CallOptions<E extends EndpointSpec> = Transport &
  Slot<'params', E['params']> &
  Slot<'query', E['query']> &
  (E['multipart'] extends true ? { body: FormData } : Slot<'body', E['body']>)

type Args<E extends EndpointSpec> = object extends CallOptions<E> ? [opts?: CallOptions<E>] : [opts: CallOptions<E>]

type QueryValue = string | number | boolean | null | undefined
const defaultFetch: FetchFn = (input, init) => fetch(input, init)

/** The path with each `:name` replaced by its encoded value (a missing one is a programming error). */
export function pathOf(path: string, params: Record<string, unknown> = {}): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const v = params[name]
    if (v === undefined || v === null || v === '') throw new Error(`Missing path parameter ${name} for ${path}`)
    return encodeURIComponent(String(v))
  })
}

/** `?a=1&b=x` from the query object; undefined, null and '' are left out, arrays repeat the key. */
export function queryString(query: Record<string, unknown> | undefined): string {
  if (!query) return ''
  const qs = new URLSearchParams()
  for (const [k, v] of Object.entries(query)) {
    for (const item of Array.isArray(v) ? v : [v]) {
      const value = item as QueryValue
      if (value === undefined || value === null || value === '') continue
      qs.append(k, String(value))
    }
  }
  const s = qs.toString()
  return s ? `?${s}` : ''
}

/** The full URL of a call. */
export const urlOf = (e: EndpointSpec, opts: { params?: unknown; query?: unknown; base?: string } = {}): string =>
  `${opts.base ?? API_BASE}${pathOf(e.path, opts.params as Record<string, unknown>)}${queryString(opts.query as Record<string, unknown>)}`

const isAbort = (e: unknown, signal?: AbortSignal) => signal?.aborted === true || (e as Error)?.name === 'AbortError'
const noConnection = () => new ApiError(0, 'NETWORK', 'No connection')
const interrupted = () => new ApiError(0, 'NETWORK', 'Response interrupted')

/** The failure of a non-2xx answer: the ErrorBody's code/message/details, Retry-After on 429. */
async function failure(res: Response): Promise<ApiError> {
  let body: Partial<ErrorBody> = {}
  try {
    const parsed = JSON.parse(await res.text())
    if (parsed && typeof parsed === 'object') body = parsed
  } catch {
    // Not an error body (a proxy's page, a cut-off answer): the status says enough.
  }
  return new ApiError(
    res.status,
    typeof body.code === 'string' ? body.code : `HTTP_${res.status}`,
    typeof body.message === 'string' ? body.message : res.statusText,
    body.details,
    retryAfterSeconds(res.headers.get('retry-after')),
  )
}

/**
 * Retry-After in seconds (RFC 9110 §10.2.3): a number of seconds or an HTTP-date. A date in the
 * past is 0; anything unreadable is undefined (the caller's own backoff decides).
 */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | undefined {
  if (header === null || header.trim() === '') return undefined
  const value = header.trim()
  if (/^\d+$/.test(value)) return Number(value)
  const at = Date.parse(value)
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000))
}

/**
 * The raw core: sends the call and answers the 2xx Response with its body unread (a file
 * download, a multipart upload); anything else is thrown as ApiError (status 0: no connection).
 * An aborted call rethrows the abort.
 */
export async function send<E extends EndpointSpec>(endpoint: E, ...[opts]: Args<E>): Promise<Response> {
  const o = (opts ?? {}) as Transport & { params?: unknown; query?: unknown; body?: unknown }
  const headers: Record<string, string> = {}
  let body: BodyInit | undefined
  if (o.body instanceof FormData) body = o.body
  else if (o.body !== undefined) {
    headers['content-type'] = 'application/json'
    body = JSON.stringify(o.body)
  }
  if (o.token) headers.authorization = `Bearer ${o.token}`
  let res: Response
  const sentAt = Date.now()
  try {
    res = await (o.fetch ?? defaultFetch)(urlOf(endpoint, o), {
      method: endpoint.method,
      headers,
      body,
      signal: o.signal,
    })
  } catch (e) {
    if (isAbort(e, o.signal)) throw e
    throw noConnection()
  }
  noteServerDate(sentAt, Date.now(), res.headers.get('date'))
  if (!res.ok) throw await failure(res)
  return res
}

/** Checks answers against the definition while developing and in tests (a contract slip shows at once). */
const CHECK_RESPONSES = import.meta.env?.DEV === true || import.meta.env?.MODE === 'test'

/**
 * Calls a typed endpoint: answers its response (the definition's schema type). A 2xx body that
 * cannot be read whole (connection lost mid-answer) is status 0, like no connection.
 */
export async function call<E extends EndpointSpec>(endpoint: E, ...args: Args<E>): Promise<ResponseOf<E>> {
  const res = await send(endpoint, ...args)
  if (endpoint.format === 'empty') return undefined as ResponseOf<E>
  const signal = (args[0] as Transport | undefined)?.signal
  let data: unknown
  try {
    const text = await res.text()
    data = text ? JSON.parse(text) : undefined
  } catch (e) {
    if (isAbort(e, signal)) throw e
    throw interrupted()
  }
  if (CHECK_RESPONSES && (endpoint.format ?? 'json') === 'json') {
    const checked = endpoint.response.safeParse(data)
    if (!checked.success)
      throw new Error(`${endpoint.method} ${endpoint.path} answered outside its schema: ${checked.error.message}`)
  }
  return data as ResponseOf<E>
}

/** Downloads a file endpoint: the bytes and the headers (content-disposition names the file). */
export async function download<E extends EndpointSpec>(
  endpoint: E,
  ...args: Args<E>
): Promise<{ blob: Blob; headers: Headers }> {
  const res = await send(endpoint, ...args)
  try {
    return { blob: await res.blob(), headers: res.headers }
  } catch (e) {
    if (isAbort(e, (args[0] as Transport | undefined)?.signal)) throw e
    throw interrupted()
  }
}

/** Errors after which the same request may succeed later: no connection, overload, server fault. */
export const isTransient = (e: unknown) =>
  e instanceof ApiError ? e.status === 0 || e.status === 408 || e.status === 429 || e.status >= 500 : false
