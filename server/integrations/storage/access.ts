import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Principal } from '../../auth/sessions'

/*
 * Who may read an organisation's stored files (question images, customers' photos). An <img> tag
 * cannot send the bearer token, so a signed-in browser holds the same session token in an
 * HttpOnly cookie scoped to `/storage/<organisationId>/` (one per organisation it is signed in
 * to; SameSite=Strict so another site cannot make the browser fetch them). The file is served
 * only while that session is alive and belongs to the organisation in the path: a leaked link
 * alone opens nothing, and signing out closes them all.
 */
export const STORAGE_COOKIE = 'storage_session'

const orgPath = (organisationId: string) => `/storage/${organisationId}/`

/** Sets the cookie for the principal's organisation (staff and customers; no organisation → nothing). */
export function grantStorageAccess(req: FastifyRequest, reply: FastifyReply, p: Principal, token: string): boolean {
  if (p.kind === 'globalAdmin') return false
  reply.setCookie(STORAGE_COOKIE, token, {
    path: orgPath(p.organisationId),
    httpOnly: true,
    sameSite: 'strict',
    secure: req.protocol === 'https',
    expires: p.expiresAt,
  })
  return true
}

/** Drops the cookie at sign-out (the session behind it is gone anyway; this tidies the browser). */
export function revokeStorageAccess(reply: FastifyReply, p: Principal) {
  if (p.kind !== 'globalAdmin') reply.clearCookie(STORAGE_COOKIE, { path: orgPath(p.organisationId) })
}

/** Whether the request's cookie opens files of `organisationId`. */
export async function mayReadStored(req: FastifyRequest, organisationId: string): Promise<boolean> {
  const token = req.cookies?.[STORAGE_COOKIE]
  if (!token) return false
  const p = await req.server.findSession(token)
  return !!p && p.kind !== 'globalAdmin' && p.organisationId === organisationId
}
