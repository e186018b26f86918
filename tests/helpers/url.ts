import type { EndpointSpec } from '../../contract/endpoints'

/** The `:name` segments of a Fastify path as a type: '/a/:org/b/:id' → 'org' | 'id'. */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never

type ParamValue = string | number
type QueryValue = string | number | boolean | null | undefined
export type Query = Record<string, QueryValue | readonly QueryValue[]>

/** What `apiUrl()` takes after the endpoint: its path params when it has any, then a query. */
type UrlArgs<E extends EndpointSpec> = [ParamNames<E['path']>] extends [never]
  ? [query?: Query]
  : [params: Record<ParamNames<E['path']>, ParamValue>, query?: Query]

const encode = (v: QueryValue) => encodeURIComponent(String(v))

/** `?a=1&b=x`: undefined, null and '' are left out, arrays repeat the key, everything encoded. */
export function queryString(query: Query = {}): string {
  const parts: string[] = []
  for (const [key, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined || item === null || item === '') continue
      parts.push(`${encode(key)}=${encode(item)}`)
    }
  }
  return parts.length ? `?${parts.join('&')}` : ''
}

/** The endpoint's path relative to /api with each `:name` filled (encoded). */
export function pathOf<E extends EndpointSpec>(endpoint: E, ...args: UrlArgs<E>): string {
  const hasParams = endpoint.path.includes(':')
  const values = (hasParams ? args[0] : {}) as Record<string, ParamValue>
  const query = (hasParams ? args[1] : args[0]) as Query | undefined
  const path = endpoint.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const v = values[name]
    if (v === undefined || v === null || v === '') throw new Error(`apiUrl: no value for :${name} in ${endpoint.path}`)
    return encode(v)
  })
  return `${path}${queryString(query)}`
}

/**
 * The URL of an endpoint as app.inject and Playwright's `request` take it:
 * `apiUrl(API.customers.get, { org: org.id, id })` → `/api/organisations/…/customers/…`,
 * `apiUrl(API.customers.list, { org: org.id }, { page: 2 })` → `…/customers?page=2`,
 * `apiUrl(API.organisations.findPublic, { slug })` → `/api/organisations/public?slug=…` (no params).
 */
export function apiUrl<E extends EndpointSpec>(endpoint: E, ...args: UrlArgs<E>): string {
  return `/api${pathOf(endpoint, ...args)}`
}
