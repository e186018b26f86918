import {
  QueryClient,
  type QueryKey,
  type UseMutationOptions,
  type UseQueryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query'
import type { EndpointSpec, ResponseOf } from '../../contract/endpoints/define'
import { subscribeSessions } from './session'
import { ApiError } from './errors'
import { type ApiOptions, apiCall, type SessionKind, tokenOf } from './transport'

/*
 * Online data on the client: TanStack Query over the typed endpoints and the one transport.
 * A query is keyed by its endpoint and inputs, so two screens asking the same thing share one
 * request and one cached answer, and a mutation invalidates by endpoint. Staff screens read the
 * replica (src/local-db); this layer is for what the replica does not hold. See README.md.
 */

/** The inputs a query or mutation passes (its path params, query and body) and whose session. */
export type ApiInput<E extends EndpointSpec> = Omit<ApiOptions<E>, 'signal' | 'base' | 'fetch'>

/** The key part that names the endpoint: `GET /organisations/:org` (prefix of all its keys). */
export const endpointKey = (e: EndpointSpec): string => `${e.method} ${e.path}`

/**
 * The query key of a call: [endpoint, params, query] (+ body for a POST that reads, + the session
 * kind when it is not staff's). Prefix `[endpointKey(e)]` matches every call of the endpoint.
 */
export function queryKeyOf<E extends EndpointSpec>(endpoint: E, input?: ApiInput<E> | null): QueryKey {
  const { params, query, body, as } = (input ?? {}) as {
    params?: unknown
    query?: unknown
    body?: unknown
    as?: string
  }
  const key: unknown[] = [endpointKey(endpoint), params ?? {}, query ?? {}]
  if (body !== undefined) key.push(body)
  if (as && as !== 'employee') key.push({ as })
  return key
}

/**
 * Whether a failed query is asked again at once: never a refusal (4xx: the same question gets
 * the same answer) nor no connection (status 0: the screen says it needs one, and the query is
 * asked again when the browser is back online); once after a server fault or overload.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (!(error instanceof ApiError)) return false
  if (error.status === 0 || (error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429))
    return false
  if (error.status === 429 && (error.retryAfter ?? 0) > 5) return false
  return failureCount < 1
}

/**
 * networkMode 'always': the request is made even when the browser says it is offline, so an
 * offline screen gets its status-0 ApiError at once and shows its "needs a connection" text (the
 * 'online' mode would pause and show a spinner for ever). Back online, active queries refetch.
 * staleTime 0: a screen opened again shows the kept answer at once and asks again (as before).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        networkMode: 'always',
        retry: shouldRetry,
        refetchOnWindowFocus: false,
        refetchOnReconnect: true,
      },
      mutations: { networkMode: 'always', retry: false },
    },
  })
}

/** The app's one QueryClient (provided in main.tsx). */
export const queryClient = createQueryClient()

/**
 * Another user signed in or out (this tab or another): nothing cached under the old session may
 * show to the new one.
 */
const kinds: SessionKind[] = ['employee', 'customer', 'globalAdmin']
let tokens = ''
const tokensNow = () => kinds.map((k) => tokenOf(k) ?? '').join('|')
if (typeof localStorage !== 'undefined') {
  tokens = tokensNow()
  subscribeSessions(() => {
    const now = tokensNow()
    if (now === tokens) return
    tokens = now
    queryClient.removeQueries({ type: 'inactive' })
    void queryClient.resetQueries({ type: 'active' })
  })
}

type QueryOpts<E extends EndpointSpec, T> = Omit<
  UseQueryOptions<ResponseOf<E>, ApiError, T>,
  'queryKey' | 'queryFn'
> & {
  /**
   * Runs with each answer before the screen sees it: keeps a copy for offline reading (the
   * replica's meta, localStorage) where the screen shows the last answer without a connection.
   */
  onData?: (data: ResponseOf<E>) => unknown
}

/**
 * Reads an endpoint: `useApiQuery(API.organisations.get, { params: { org } })`. `input` null
 * waits (something it needs is not known yet). The error is always an ApiError (status 0: no
 * connection).
 */
export function useApiQuery<E extends EndpointSpec, T = ResponseOf<E>>(
  endpoint: E,
  input: ApiInput<E> | null,
  { onData, ...options }: QueryOpts<E, T> = {},
) {
  return useQuery<ResponseOf<E>, ApiError, T>({
    queryKey: queryKeyOf(endpoint, input),
    queryFn: async ({ signal }) => {
      const data = await apiCall(endpoint, ...([{ ...input, signal }] as never as [ApiOptions<E>]))
      await onData?.(data)
      return data
    },
    ...options,
    enabled: input !== null && (options.enabled ?? true),
  })
}

type MutationOpts<E extends EndpointSpec, V> = Omit<UseMutationOptions<ResponseOf<E>, ApiError, V>, 'mutationFn'> & {
  /** Whose session (default staff). */
  as?: SessionKind
  /** Endpoints whose cached answers the change makes stale (refetched when shown). */
  invalidates?: readonly EndpointSpec[]
}

/**
 * Changes through an endpoint: `useApiMutation(API.salons.update, { invalidates: [API.salons.list] })`
 * then `mutateAsync({ params, body })`. Write the replica in `onSuccess` where it holds the
 * entity (the answer is the server's row); the listed endpoints are invalidated after success.
 */
export function useApiMutation<E extends EndpointSpec, V extends ApiInput<E> = ApiInput<E>>(
  endpoint: E,
  { as, invalidates = [], onSuccess, ...options }: MutationOpts<E, V> = {},
) {
  const client = useQueryClient()
  return useMutation<ResponseOf<E>, ApiError, V>({
    mutationFn: (vars) => apiCall(endpoint, ...([{ as, ...vars }] as never as [ApiOptions<E>])),
    ...options,
    onSuccess: async (...args) => {
      await onSuccess?.(...args)
      await Promise.all(invalidates.map((e) => client.invalidateQueries({ queryKey: [endpointKey(e)] })))
    },
  })
}

/** Marks every cached answer of these endpoints stale (after a change made elsewhere). */
export const invalidateEndpoints = (...endpoints: EndpointSpec[]) =>
  Promise.all(endpoints.map((e) => queryClient.invalidateQueries({ queryKey: [endpointKey(e)] })))

/** What an online-only screen shows: offline (it says it needs a connection), loading, error, or the answer. */
export type OnlineState<T> =
  | { status: 'loading' }
  | { status: 'offline' }
  | { status: 'error'; error: unknown }
  | { status: 'ready'; data: T }

/**
 * The state of an online-only query as its screen shows it: offline first (the browser says so;
 * the query is not asked), a retry shows loading again, an answer shows until the next one.
 */
export function onlineState<T>(
  q: { isError: boolean; isFetching: boolean; error: unknown; data: T | undefined; isSuccess: boolean },
  online: boolean,
): OnlineState<T> {
  if (!online) return { status: 'offline' }
  if (q.isError) return q.isFetching ? { status: 'loading' } : { status: 'error', error: q.error }
  if (q.isSuccess && q.data !== undefined) return { status: 'ready', data: q.data }
  return { status: 'loading' }
}

/**
 * A file under /storage (a document's PDF) as a Blob, through fetch with the storage cookie: the
 * service worker answers it offline once it was read. Null url: nothing to read.
 */
export function useStorageFile(url: string | null) {
  return useQuery({
    queryKey: ['storage', url],
    queryFn: async ({ signal }) => {
      const res = await fetch(url as string, { credentials: 'same-origin', signal })
      return res.ok ? await res.blob() : null
    },
    enabled: !!url,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  })
}

/**
 * A query whose answers are kept on the device for offline reading (the customer's documents
 * and advice): 'loading' while it asks, 'fresh' when the server answered, 'failed' offline or
 * when the last ask failed (the kept copy shows, with its time).
 */
export function keptState(q: { isFetching: boolean; isError: boolean; isSuccess: boolean }, online: boolean) {
  if (!online) return 'failed' as const
  if (q.isFetching) return 'loading' as const
  return q.isError ? ('failed' as const) : q.isSuccess ? ('fresh' as const) : ('loading' as const)
}
