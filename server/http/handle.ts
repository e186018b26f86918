import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify'
import type { z } from 'zod'
import { API, blockedWhileImpersonating, type EndpointSpec, statusesOf } from '../../contract/endpoints'
import { type Action, allows, type Caller } from '../../contract/policy'
import { actingAs } from '../auth/acting'
import { authorize, authorizeInBranch, type TenantCaller } from '../auth/caller'
import type { PendingStep, Principal } from '../auth/sessions'
import type { Config } from '../config'
import type { Db } from '../db/client'
import { AppError } from '../errors'
import type { FileStore } from '../integrations/storage/store'
import { assertWritable } from '../services/billing/limits'
import { callerOf, ownCallerOf, sessionOf } from './caller'
import { fromEndpoint } from './endpoint'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The definition a route was registered from by `handle` (every /api route has one; tested). */
    endpoint?: EndpointSpec
  }
}

/**
 * Who calls, by the kind of path (server/auth/POLICY.md "The caller"):
 * - `none`: a public definition (no session);
 * - `tenant`: a path inside an organisation (`:org`): `callerOf`;
 * - `own`: a path without one that names an action (the platform's calls, default texts): `ownCallerOf`;
 * - `session`: a call about the session itself (no organisation, no action): `sessionOf`.
 */
export type CallerKind = 'none' | 'tenant' | 'own' | 'session'

export const callerKindOf = (e: EndpointSpec): CallerKind =>
  e.public ? 'none' : e.path.includes(':org') ? 'tenant' : e.action ? 'own' : 'session'

/** The caller type a handler gets, by the same rule at the type level. */
export type CallerOf<E extends EndpointSpec> = E['public'] extends true
  ? undefined
  : E['path'] extends `${string}:org${string}`
    ? TenantCaller
    : E['action'] extends Action
      ? Caller
      : Principal

type Out<S> = S extends z.ZodType ? z.output<S> : undefined

/** What a handler receives: the caller resolved once, the parsed inputs, and the server's parts. */
export type Context<E extends EndpointSpec> = {
  caller: CallerOf<E>
  db: Db
  config: Config
  /** Uploaded files (server/integrations/storage): every read and write of a stored file goes here. */
  storage: FileStore
  params: Out<E['params']>
  query: Out<E['query']>
  body: Out<E['body']>
  req: FastifyRequest
  reply: FastifyReply
}

/** A success answer with a status of its own, for definitions with several (`[200, 201]`). */
export class Answer<T> {
  constructor(
    readonly status: number,
    readonly body: T,
  ) {}
}
/** `withStatus(created ? 201 : 200, row)`: create-or-existing answers (status one of the definition's). */
export const withStatus = <T>(status: number, body: T) => new Answer(status, body)

type Result<E extends EndpointSpec> = E['format'] extends 'empty'
  ? unknown
  : E['format'] extends 'file'
    ? FastifyReply
    : z.output<E['response']> | Answer<z.output<E['response']>> | FastifyReply

/** What a route adds of its own: rate limits (`config`), hooks, a body limit. */
export type HandleOptions = Partial<Pick<RouteOptions, 'config' | 'preHandler' | 'onRequest' | 'bodyLimit'>>

/**
 * The central policy check, before the handler: the definition's action, in the branch of the
 * path when there is one (404 for a branch that is not the organisation's, then 403), else
 * "allowed in at least one branch" (or, for a `hidden` row endpoint, "not found" to whoever may
 * not read such rows at all). Services keep their own, finer checks (the sync push calls them
 * too); this one makes the definition's `action` the one every caller is held to.
 */
export async function checkAction(db: Db, caller: Caller, endpoint: EndpointSpec, salonId: string | undefined) {
  const action = endpoint.action
  if (!action) return
  if (salonId !== undefined) return authorizeInBranch(db, caller as TenantCaller, action, salonId)
  // A row endpoint whose rows only readers see: to whoever may not read them, not found.
  const { hidden } = endpoint
  if (hidden && !allows(caller, action) && !allows(caller, hidden.unless)) throw new AppError(hidden.code)
  authorize(caller, action)
}

/** Billing itself stays open to an expired organisation: it must be able to buy (issue 22). */
const BILLING = new Set<EndpointSpec>([...Object.values(API.subscriptions), ...Object.values(API.whatsappCredits)])

/**
 * Whether the plan gate (issue 22) applies: every write inside an organisation (a non-GET
 * definition with `:org` and a caller), but billing and the definitions that say why they must
 * keep working while the subscription has expired (`whenExpired`: a read sent as POST, the
 * caller's own account). Public definitions (sign-in, webhooks) and calls about the session have
 * no organisation to ask.
 */
export const planGated = (e: EndpointSpec): boolean =>
  callerKindOf(e) === 'tenant' && e.method !== 'GET' && !e.whenExpired && !BILLING.has(e)

/**
 * The plan gate, after the policy check (a caller who may not is told that first): an expired
 * organisation is read-only (SUBSCRIPTION_EXPIRED), and a write of a feature outside the plan is
 * refused (FEATURE_NOT_IN_PLAN). Reads are never gated: staff screens and the tablet's replica
 * stay readable, and what was made before a downgrade stays readable too.
 */
export async function planGate(db: Db, caller: TenantCaller, endpoint: EndpointSpec) {
  if (!planGated(endpoint)) return
  await assertWritable(db, caller.organisationId, { feature: endpoint.feature })
}

/**
 * Issue 23: the calls a global admin's session may make between password and second factor, by
 * its pending step; signing out is always open. Everything else answers that the step comes first.
 */
const PENDING_STEPS = new Map<EndpointSpec, PendingStep>([
  [API.auth.globalLoginCode, 'secondFactorCode'],
  [API.auth.globalSecondFactorSetup, 'secondFactorSetup'],
  [API.auth.globalSecondFactorConfirm, 'secondFactorSetup'],
])

/**
 * Issue 23, before the body is read or the caller resolved: a global admin's session that still owes its
 * second factor opens only that step (SECOND_FACTOR_REQUIRED / SECOND_FACTOR_SETUP_REQUIRED), and
 * an impersonation is refused what its definition says (`impersonation`, contract/endpoints/
 * define.ts blockedWhileImpersonating: IMPERSONATION_FORBIDDEN), and a platform call
 * (`platform.manage`) made by anyone but a global admin is FORBIDDEN. Changes nothing.
 */
export function sessionGate(principal: Principal | null | undefined, endpoint: EndpointSpec, params: unknown) {
  if (!principal) return
  if (principal.kind === 'globalAdmin' && principal.pendingStep) {
    if (endpoint === API.auth.logout || PENDING_STEPS.get(endpoint) === principal.pendingStep) return
    throw new AppError(
      principal.pendingStep === 'secondFactorSetup' ? 'SECOND_FACTOR_SETUP_REQUIRED' : 'SECOND_FACTOR_REQUIRED',
    )
  }
  if (principal.kind === 'employee' && principal.impersonatedBy) {
    const id = (params as { id?: string } | undefined)?.id
    if (blockedWhileImpersonating(endpoint, { id, employeeId: principal.employeeId }))
      throw new AppError('IMPERSONATION_FORBIDDEN')
  }
  if (PENDING_STEPS.has(endpoint) && !(principal.kind === 'globalAdmin' && principal.pendingStep))
    throw new AppError('FORBIDDEN')
  // The platform's calls are the global admins': anyone else is refused before the input is
  // read, so an employee or customer learns nothing of what a platform call takes.
  if (endpoint.action === 'platform.manage' && principal.kind !== 'globalAdmin') throw new AppError('FORBIDDEN')
}

async function resolveCaller(kind: CallerKind, req: FastifyRequest): Promise<unknown> {
  if (kind === 'tenant') return callerOf(req)
  if (kind === 'own') return ownCallerOf(req)
  if (kind === 'session') return sessionOf(req)
  return undefined
}

const callers = new WeakMap<FastifyRequest, unknown>()

/**
 * Registers one endpoint from its definition (contract/endpoints) with its handler:
 *
 *   handle(app, API.customers.update, ({ caller, db, params, body }) =>
 *     updateCustomer({ caller, db, id: params.id, changes: body.changes, base: body.base }))
 *
 * Method, path and schemas come from the definition; the caller is resolved once (callerKindOf)
 * and the definition's action is checked before the handler runs (checkAction), then the plan
 * (planGate: read-only when expired, the definition's `feature`), ahead of the route's own
 * preHandlers (a caller who may not cannot spend a rate limit). The success status is the
 * definition's: its one status, 204 for `format: 'empty'`, `withStatus` where it has two;
 * a file download answers through `reply` itself (server/http/download.ts).
 */
export function handle<const E extends EndpointSpec>(
  app: FastifyInstance,
  endpoint: E,
  handler: (ctx: Context<E>) => Result<E> | Promise<Result<E>>,
  options: HandleOptions = {},
) {
  const kind = callerKindOf(endpoint)
  const [status] = statusesOf(endpoint)
  const guard = async (req: FastifyRequest) => {
    const caller = await resolveCaller(kind, req)
    callers.set(req, caller)
    if (kind === 'tenant' || kind === 'own')
      await checkAction(req.server.db, caller as Caller, endpoint, (req.params as { salon?: string }).salon)
    if (kind === 'tenant') await planGate(req.server.db, caller as TenantCaller, endpoint)
  }
  app.route({
    ...fromEndpoint(endpoint),
    ...options,
    config: { ...options.config, endpoint },
    // Before the body is read (after the session check of route-auth.ts): issue 23's gate.
    onRequest: [
      ...(kind === 'none' ? [] : [async (req: FastifyRequest) => sessionGate(req.principal, endpoint, req.params)]),
      ...(options.onRequest ? [options.onRequest].flat() : []),
    ],
    preHandler: [guard, ...(options.preHandler ? [options.preHandler].flat() : [])],
    handler: async (req: FastifyRequest, reply: FastifyReply) => {
      const p = req.principal
      const acting =
        p?.kind === 'employee' && p.impersonatedBy ? { employeeId: p.employeeId, adminId: p.impersonatedBy } : null
      const result = await actingAs(acting, () =>
        handler({
          caller: callers.get(req) as CallerOf<E>,
          db: req.server.db,
          config: req.server.config,
          storage: req.server.storage,
          params: req.params as Context<E>['params'],
          query: req.query as Context<E>['query'],
          body: req.body as Context<E>['body'],
          req,
          reply,
        }),
      )
      if (result === reply || reply.sent) return reply
      if (endpoint.format === 'empty') return reply.code(204).send()
      if (result instanceof Answer) return reply.code(result.status).send(result.body)
      return reply.code(status).send(result)
    },
  } as RouteOptions)
}
