/**
 * What the device says about its network (navigator.onLine and the `online` event, in a page and
 * in a worker alike). While it reports none, the engine sends nothing and schedules no retry: a
 * tablet offline for the afternoon tried its push about 51 times in a few minutes (issue 21 #4).
 * `online` resumes at once. Injected in tests, where a test decides when the cable is back.
 */
export type NetworkSignal = {
  isOnline(): boolean
  /** Calls back when the device reports a network again; answers the unsubscribe. */
  onOnline(cb: () => void): () => void
}

export const deviceNetwork: NetworkSignal = {
  // Node (tests, bench) has no onLine: undefined counts as online, only an explicit false is off.
  isOnline: () => (globalThis as { navigator?: { onLine?: boolean } }).navigator?.onLine !== false,
  onOnline: (cb) => {
    globalThis.addEventListener?.('online', cb)
    return () => globalThis.removeEventListener?.('online', cb)
  },
}
