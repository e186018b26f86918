import type { EmployeeSession } from '../../../contract/auth'
import { STORAGE_KEYS } from '../../../contract/enums'
import { auth } from '../../../contract/endpoints/auth'
import { employees } from '../../../contract/endpoints/employees'
import { ApiError } from '../../api/errors'
import { call } from '../../api/request'
import { setLanguage } from '../../i18n'
import { forgetEmployeeSecrets } from '../kiosk/kiosk-db'
import { rememberPasswordVerifier } from '../kiosk/unlock'
import { makeVerifier } from '../kiosk/verifier'
import { getSession, isSessionExpired, setSession } from './session'

/** Keep the session and the UI language together: the employee's language setting wins. */
export function startEmployeeSession(session: EmployeeSession) {
  setSession('employee', session)
  localStorage.setItem(STORAGE_KEYS.slug, session.employee.organisationSlug)
  void setLanguage(session.employee.language)
}

/** `/admin` signs in without an organisation (e-mails are unique); `/{slug}/admin` with one. */
export async function signInEmployee(opts: { slug?: string; email: string; password: string }) {
  // The password can then open the kiosk hand-back screen with no connection (only a PBKDF2
  // verifier is kept). Derived while the request travels: it takes a moment on a tablet, and it
  // is stored before the staff screens open (a reload right after sign-in must not lose it).
  const keep = keepPasswordForKiosk(opts.password)
  const body = { email: opts.email, password: opts.password }
  const session = opts.slug
    ? await call(auth.loginInOrganisation, { params: { org: opts.slug }, body })
    : await call(auth.login, { body })
  await keep(session.employee.id)
  startEmployeeSession(session)
  return session
}

/**
 * Every way in with a password (sign-in, creating an organisation) keeps its offline verifier,
 * so what My profile and the kiosk say ("your password works too") holds from the first minute.
 * Derivation starts now (while the request travels); the result waits for the employee id.
 */
export function keepPasswordForKiosk(password: string) {
  const verifier = makeVerifier(password).catch(() => null)
  return async (employeeId: string) => {
    const v = await verifier
    if (v) await rememberPasswordVerifier(employeeId, v).catch(() => undefined)
  }
}

/** Ends the session on the server when reachable; the local session is cleared regardless. */
export async function signOutEmployee() {
  const current = getSession('employee')
  const token = current?.token
  setSession('employee', null)
  if (current) await forgetEmployeeSecrets(current.employee.id).catch(() => undefined)
  if (token) await call(auth.logout, { token }).catch(() => undefined)
}

export async function requestPasswordReset(opts: { slug?: string; email: string }) {
  const body = { email: opts.email }
  if (opts.slug) await call(auth.requestPasswordResetInOrganisation, { params: { org: opts.slug }, body })
  else await call(auth.requestPasswordReset, { body })
}

export async function resetPassword(opts: { token: string; password: string }) {
  await call(auth.passwordReset, { body: opts })
}

/**
 * Fresh permissions and branches from GET /employees/me (they change while a tablet stays signed
 * in, and after creating a branch). A 401 marks the session ended; other failures keep it as it is.
 */
export async function refreshEmployee(session: EmployeeSession) {
  // An ended session (kept for the replica, session.ts) is not tried: back online, the screen in
  // use stays (nothing typed is lost) and the sync pill offers the sign-in.
  if (isSessionExpired(session)) return
  try {
    const me = await call(employees.me, {
      params: { org: session.employee.organisationId },
      token: session.token,
    })
    const current = getSession('employee')
    if (current?.token === session.token)
      setSession('employee', { ...current, employee: { ...current.employee, ...me } })
  } catch (err) {
    // Ended on the server (signed out elsewhere, a password reset): kept as an ended session, as
    // when the sync engine is the one told (issue 21 #3). The screen in use stays, so nothing
    // typed is lost, the queue waits, and the sync pill offers the sign-in. Clearing the session
    // here swapped the screen for the sign-in page — or not, whichever request heard it first.
    const current = getSession('employee')
    if (err instanceof ApiError && err.status === 401 && current?.token === session.token)
      setSession('employee', { ...current, expiresAt: new Date().toISOString() })
  }
}
