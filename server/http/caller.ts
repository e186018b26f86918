import type { FastifyRequest } from 'fastify'
import { type TenantCaller, loadCaller, loadOwnCaller } from '../auth/caller'
import type { Principal } from '../auth/sessions'
import type { Caller } from '../../contract/policy'
import { AppError } from '../errors'

/*
 * The one guard every route uses: it says who calls, and nothing else. Whether they may is the
 * service's `authorize(caller, action, salonId)` against the policy table (server/auth/POLICY.md),
 * so REST and the sync push follow the same rules. Routes never read permissions themselves.
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
