import type { z } from 'zod'
import type { ErrorCode } from '../errors'
import type { Action } from '../policy'
import type { FeatureNeed } from '../subscriptions'

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH'

/**
 * How the success answer travels:
 * - `json` (default): a JSON body, checked by `response`.
 * - `file`: a download (CSV, …); `response` is loose (the client reads the bytes).
 * - `empty`: no body (204).
 */
export type ResponseFormat = 'json' | 'file' | 'empty'

/** What one endpoint is: the server registers it, OpenAPI describes it, the client calls it. */
export type EndpointSpec = {
  method: Method
  /** Fastify form, relative to /api: '/organisations/:org/salons/:salon/questionnaires'. */
  path: string
  params?: z.ZodType
  query?: z.ZodType
  /** A JSON body. A multipart endpoint has none here and sets `multipart: true`. */
  body?: z.ZodType
  /** The success answer (every status of `status`). */
  response: z.ZodType
  /** Success statuses; 200 unless said (201 create, 204 empty, [200, 201] create-or-existing). */
  status?: number | readonly number[]
  format?: ResponseFormat
  /** The request is multipart/form-data (file uploads). */
  multipart?: boolean
  /** The policy action the caller needs (contract/policy.ts); undefined: public or any session. */
  action?: Action
  /**
   * A row endpoint whose rows are invisible to whoever may not do `unless` (server/auth/POLICY.md:
   * a row one may not see is "not found", never a 403): a caller refused `action` who may not do
   * `unless` anywhere either is answered `code` (404), as the service answers them.
   */
  hidden?: { code: ErrorCode; unless: Action }
  /** No session needed (the route's schema says `security: []`). */
  public?: boolean
  /** OpenAPI tags. */
  tags: readonly string[]
  /** One line for OpenAPI and readers (made from the definition's name when left out). */
  summary?: string
  /**
   * Who may call, in words, for a definition inside an organisation without an `action` (the
   * customer's own calls need none; the sync push says how its changes are checked).
   */
  permissionNote?: string
  /**
   * Issue 22: the plan feature this write belongs to; without it in the organisation's plan the
   * call answers FEATURE_NOT_IN_PLAN (402) and changes nothing (`handle`). Only writes name one:
   * what was made before a downgrade stays readable (signed consents are evidence). A list: any
   * one of them will do (an upload that serves several features).
   */
  feature?: FeatureNeed
  /**
   * Issue 22: every non-GET endpoint inside an organisation answers SUBSCRIPTION_EXPIRED (402)
   * while its subscription has expired (read-only), except billing (`API.subscriptions`, so an
   * expired salon can buy) and the definitions that say why they must keep working:
   * - `read`: a read sent as POST (a search, a report): it changes nothing;
   * - `account`: the caller's own sign-in and settings (language, kiosk PIN, the owner's e-mail
   *   confirmation), like signing in and out.
   */
  whenExpired?: 'read' | 'account'
  /**
   * Issue 23: what a global admin acting as an employee (an impersonation session) may not do.
   * `handle` answers IMPERSONATION_FORBIDDEN (403) before anything else, and OpenAPI says so:
   * - `blocked`: never while impersonating (credentials, payments, hard deletes, …);
   * - `blockedOnSelf`: not on the impersonated employee's own row (the path's `:id`): their
   *   e-mail address, roles and status;
   * - `allowed`: a `/global/…` call an impersonation may make (stopping itself). Every other
   *   `/global/…` call is blocked (no nesting, no platform calls with an impersonation token).
   */
  impersonation?: 'blocked' | 'blockedOnSelf' | 'allowed'
}

/**
 * Issue 23: whether an impersonation session is refused this endpoint (for `id`, the path's
 * `:id`, and the impersonated employee): the one rule `handle` enforces and OpenAPI describes.
 */
export function blockedWhileImpersonating(e: EndpointSpec, target?: { id?: string; employeeId: string }): boolean {
  if (e.impersonation === 'blocked') return true
  if (e.impersonation === 'blockedOnSelf') return !target || target.id === target.employeeId
  return e.path.startsWith('/global/') && e.impersonation !== 'allowed'
}

/** An endpoint definition: the spec as given (literal types kept, so calls are typed). */
export const defineEndpoint = <const E extends EndpointSpec>(spec: E): E => spec

/** The success statuses of an endpoint, as a list. */
export const statusesOf = (e: EndpointSpec): number[] =>
  e.status === undefined ? [200] : typeof e.status === 'number' ? [e.status] : [...e.status]

/**
 * The response map Fastify's schema wants: `{ 200: schema }`, `{ 200: s, 201: s }`. A file or
 * empty answer has no JSON schema (undefined: leave `response` out of the route schema).
 */
export function responseSchemas(e: EndpointSpec): Record<number, z.ZodType> | undefined {
  if ((e.format ?? 'json') !== 'json') return undefined
  return Object.fromEntries(statusesOf(e).map((s) => [s, e.response]))
}

/**
 * The Fastify route schema of an endpoint (fastify-type-provider-zod reads the zod schemas; the
 * OpenAPI document is generated from it): tags, `security: []` when public, params, querystring,
 * body, multipart, response by status.
 */
export function routeSchema<const E extends EndpointSpec>(e: E) {
  const response = responseSchemas(e)
  return {
    tags: [...e.tags],
    ...(e.summary ? { summary: e.summary } : {}),
    ...(e.public ? { security: [] as never[] } : {}),
    ...(e.multipart ? { consumes: ['multipart/form-data'] } : {}),
    ...(response ? { response } : {}),
    params: e.params as E['params'],
    querystring: e.query as E['query'],
    body: e.body as E['body'],
  }
}

/** The `:name` segments of a Fastify path, in order. */
export const pathParamNames = (path: string): string[] =>
  [...path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1])

/** Typed inputs and output of an endpoint (what the client passes and gets back). */
type InOf<S> = S extends z.ZodType ? z.input<S> : never
export type ParamsOf<E extends EndpointSpec> = InOf<E['params']>
export type QueryOf<E extends EndpointSpec> = InOf<E['query']>
export type BodyOf<E extends EndpointSpec> = InOf<E['body']>
export type ResponseOf<E extends EndpointSpec> = z.output<E['response']>
