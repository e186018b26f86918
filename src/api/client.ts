import type { ErrorBody } from '../../contract/errors'
import { fieldIssueMessage, validationFields } from '../ui/field-issues'

/** API base: same origin `/api` (one port serves app and API); overridable at build time. */
export const API_BASE: string = import.meta.env?.VITE_API_BASE ?? '/api'
export const STORAGE_BASE: string = import.meta.env?.VITE_STORAGE_BASE ?? '/storage'

/** Any response outside 200–299 (spec §7), or no response at all (status 0 = offline). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
    /** 429: seconds until the server takes requests again (its Retry-After header), when it said. */
    readonly retryAfter?: number,
  ) {
    super(message)
  }
  get isNetwork() {
    return this.status === 0
  }
  /**
   * Field messages from VALIDATION_FAILED, by dotted path: contract texts or issue references,
   * for translateValidation (never zod's own English).
   */
  get fieldErrors(): Record<string, string> {
    return Object.fromEntries(validationFields(this.details).map((f) => [f.path, fieldIssueMessage(f)]))
  }
}

export type ApiOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE'
  body?: unknown
  query?: Record<string, string | number | boolean | undefined>
  token?: string | null
  signal?: AbortSignal
  base?: string
}

/** The one HTTP helper of the client (UI and sync worker). No time-out by default (spec §9). */
export async function api<T>(path: string, opts: ApiOptions = {}): Promise<T> {
  const qs = opts.query
    ? `?${new URLSearchParams(
        Object.entries(opts.query)
          .filter(([, v]) => v !== undefined && v !== '')
          .map(([k, v]) => [k, String(v)]),
      )}`
    : ''
  const headers: Record<string, string> = {}
  if (opts.body !== undefined) headers['content-type'] = 'application/json'
  if (opts.token) headers.authorization = `Bearer ${opts.token}`
  let res: Response
  try {
    res = await fetch(`${opts.base ?? API_BASE}${path}${qs}`, {
      method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'),
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal: opts.signal,
    })
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e
    throw new ApiError(0, 'NETWORK', 'No connection')
  }
  const text = await res.text()
  const data = text ? safeJson(text) : undefined
  if (!res.ok) {
    const body = (data ?? {}) as Partial<ErrorBody>
    const retryAfter = Number(res.headers.get('retry-after') ?? Number.NaN)
    throw new ApiError(
      res.status,
      body.code ?? `HTTP_${res.status}`,
      body.message ?? res.statusText,
      body.details,
      Number.isFinite(retryAfter) ? retryAfter : undefined,
    )
  }
  return data as T
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return { code: 'BAD_RESPONSE', message: text.slice(0, 200) }
  }
}
