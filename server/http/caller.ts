import type { FastifyRequest } from 'fastify'
import { type TenantCaller, loadCaller, loadOwnCaller } from '../auth/caller'
import type { Principal } from '../auth/sessions'
import type { Caller } from '../../contract/policy'
import { AppError } from '../errors'

/*
 * Who calls, and nothing else; `handle` (server/http/handle.ts) picks one of these by the kind of
 * path, and routes never call them. Whether the caller may is the policy table's answer
 * (server/auth/POLICY.md): the definition's action checked by `handle`, and the services' own
 * `authorize`, so REST and the sync push follow the same rules.
 */

/** The caller inside the organisation of the path (`:org`); another organisation's id is a 404. */
export const callerOf = (req: FastifyRequest): Promise<TenantCaller> =>
  loadCaller(req.server.db, req.principal, (req.params as { org: string }).org)

/** For paths without an organisation: a global admin, or anyone else in their own organisation. */
export const ownCallerOf = (req: FastifyRequest): Promise<Caller> => loadOwnCaller(req.server.db, req.principal)

/** Calls about the session itself (sign-out, the storage cookie): any signed-in principal. */
export function sessionOf(req: FastifyRequest): Principal {
  if (!req.principal) throw new AppError('UNAUTHENTICATED')
  return req.principal
}
