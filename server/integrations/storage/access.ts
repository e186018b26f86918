import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Principal } from '../../auth/sessions'
import { mayReadPlatformFile } from '../../services/trainings/files'

/*
 * Who may read an organisation's stored files (question images, customers' photos). An <img> tag
 * cannot send the bearer token, so a signed-in browser holds the same session token in an
 * HttpOnly cookie scoped to `/storage/<organisationId>/` (one per organisation it is signed in
 * to; SameSite=Strict so another site cannot make the browser fetch them). The file is served
 * only while that session is alive and belongs to the organisation in the path: a leaked link
 * alone opens nothing, and signing out closes them all.
 *
 * The platform's files (`global/…`: user manuals, paid courses; issue 24) have cookies of their
 * own scoped to `/storage/global/`: an employee's session (which files it opens depends on the
 * course that uses them: services/trainings/files.ts) and a global admin's, under separate names
 * so an impersonation in the same browser does not replace the admin's.
 */
export const STORAGE_COOKIE = 'storage_session'
export const PLATFORM_COOKIE = 'storage_platform'
export const PLATFORM_ADMIN_COOKIE = 'storage_platform_admin'

/**
 * The platform's folder in the store (issue 24): files of user manuals and paid courses, which
 * belong to no organisation. Organisation ids are UUIDs, so no organisation's folder is named so.
 * The manual and paid course checks accept only files from here (services/trainings/checks.ts).
 */
export const GLOBAL_FOLDER = 'global'

const orgPath = (organisationId: string) => `/storage/${organisationId}/`
const PLATFORM_PATH = `/storage/${GLOBAL_FOLDER}/`

/** The cookies a principal's browser needs: its organisation's files, and the platform's (not customers). */
function cookiesOf(p: Principal): { name: string; path: string }[] {
  if (p.kind === 'globalAdmin') return p.pendingStep ? [] : [{ name: PLATFORM_ADMIN_COOKIE, path: PLATFORM_PATH }]
  const own = { name: STORAGE_COOKIE, path: orgPath(p.organisationId) }
  return p.kind === 'employee' ? [own, { name: PLATFORM_COOKIE, path: PLATFORM_PATH }] : [own]
}

/** Sets the principal's cookies (false when it gets none: a global admin half-way through signing in). */
export function grantStorageAccess(req: FastifyRequest, reply: FastifyReply, p: Principal, token: string): boolean {
  const cookies = cookiesOf(p)
  for (const c of cookies)
    reply.setCookie(c.name, token, {
      path: c.path,
      httpOnly: true,
      sameSite: 'strict',
      secure: req.protocol === 'https',
      expires: p.expiresAt,
    })
  return cookies.length > 0
}

/** Drops the cookies at sign-out (the session behind them is gone anyway; this tidies the browser). */
export function revokeStorageAccess(reply: FastifyReply, p: Principal) {
  for (const c of cookiesOf(p)) reply.clearCookie(c.name, { path: c.path })
}

/** Whether the request's cookie opens files of `organisationId`. */
export async function mayReadStored(req: FastifyRequest, organisationId: string): Promise<boolean> {
  const token = req.cookies?.[STORAGE_COOKIE]
  if (!token) return false
  const p = await req.server.findSession(token)
  return !!p && p.kind !== 'globalAdmin' && p.organisationId === organisationId
}

/** Whether the request's cookies open the platform's file `key` (`global/…`). */
export async function mayReadPlatform(req: FastifyRequest, key: string): Promise<boolean> {
  const adminToken = req.cookies?.[PLATFORM_ADMIN_COOKIE]
  const admin = adminToken ? await req.server.findSession(adminToken) : null
  if (admin?.kind === 'globalAdmin' && !admin.pendingStep) return true
  const token = req.cookies?.[PLATFORM_COOKIE]
  const p = token ? await req.server.findSession(token) : null
  if (p?.kind !== 'employee') return false
  return mayReadPlatformFile(req.server.db, { organisationId: p.organisationId }, key)
}
