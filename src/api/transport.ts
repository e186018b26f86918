import type { EndpointSpec, ResponseOf } from '../../contract/endpoints/define'
import { getSession, isSessionExpired } from './session'
import { type CallOptions, call, download, send } from './request'

/*
 * The page's one transport: every call a screen makes to the server goes through here, and the
 * session token is attached here, at send time, from the signed-in user's stored session (never
 * passed by hand, never kept in a closure that outlives a sign-out). The sync worker keeps its
 * own token (it gets it through setToken) and calls ./request directly.
 */

/** Whose session a call carries: staff (default), the signed-in customer, or a global admin. */
export type SessionKind = 'employee' | 'customer' | 'globalAdmin'

/** A call's inputs as the screen gives them: the definition's params/query/body, whose session. */
export type ApiOptions<E extends EndpointSpec> = Omit<CallOptions<E>, 'token'> & {
  /** Whose token to attach; 'employee' unless said. Public endpoints carry none. */
  as?: SessionKind
}
type ApiArgs<E extends EndpointSpec> = object extends ApiOptions<E> ? [opts?: ApiOptions<E>] : [opts: ApiOptions<E>]

/** The token of the signed-in user of that kind (null when nobody is signed in or it expired). */
export const tokenOf = (kind: SessionKind = 'employee'): string | null => {
  const session = getSession(kind)
  // An ended staff session stays stored for the offline replica (session.ts); its token is not sent.
  return session && !isSessionExpired(session) ? session.token : null
}

/** The options `call` takes: the token of `as` attached (none for a public endpoint). */
export function withToken<E extends EndpointSpec>(endpoint: E, opts: ApiOptions<E> | undefined): CallOptions<E> {
  const { as, ...rest } = (opts ?? {}) as ApiOptions<E>
  return { ...rest, token: endpoint.public ? null : tokenOf(as) } as CallOptions<E>
}

/** `call` with the session attached: answers the endpoint's response type. */
export const apiCall = <E extends EndpointSpec>(endpoint: E, ...[opts]: ApiArgs<E>): Promise<ResponseOf<E>> =>
  call(endpoint, ...([withToken(endpoint, opts)] as never as [CallOptions<E>]))

/** `send` with the session attached (the raw 2xx Response). */
export const apiSend = <E extends EndpointSpec>(endpoint: E, ...[opts]: ApiArgs<E>): Promise<Response> =>
  send(endpoint, ...([withToken(endpoint, opts)] as never as [CallOptions<E>]))

/** `download` with the session attached (the file's bytes and headers). */
export const apiDownload = <E extends EndpointSpec>(
  endpoint: E,
  ...[opts]: ApiArgs<E>
): Promise<{ blob: Blob; headers: Headers }> =>
  download(endpoint, ...([withToken(endpoint, opts)] as never as [CallOptions<E>]))
