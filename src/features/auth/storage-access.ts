import { call } from '../../api/request'
import { storageSession } from '../../../contract/endpoints/storage-session'
import { getSession, subscribeSessions } from './session'

/*
 * Stored files (question images, customers' photos) open only with a session cookie of their
 * organisation (server/integrations/storage/access.ts): <img> tags cannot send the bearer token.
 * The platform's files (user manuals, paid courses: `/storage/global/…`) take the cookie an
 * employee's or a global admin's session gets there.
 * Whenever a staff or customer session appears — sign-in, start-up, another tab — ask the server
 * for that cookie once; offline, ask again when the connection returns. Files the service worker
 * cached before still show offline without it.
 */
const granted = new Set<string>()
let pending: Promise<void> = Promise.resolve()

function grantAll() {
  const tokens = [getSession('employee'), getSession('customer'), getSession('globalAdmin')]
    .map((s) => s?.token)
    .filter((t): t is string => !!t && !granted.has(t))
  pending = Promise.all(
    tokens.map((token) =>
      call(storageSession, { token }).then(
        () => void granted.add(token),
        () => undefined,
      ),
    ),
  ).then(() => undefined)
}

/** Starts keeping the cookie in step with the sessions (called once at start-up). */
export function keepStorageAccess() {
  grantAll()
  subscribeSessions(grantAll)
  globalThis.addEventListener('online', grantAll)
}

/** Resolves once the cookie for the current sessions was asked for (images may load after it). */
export const storageAccessReady = () => pending
