/** How a tab starts the sync worker (src-worker/sync/worker.ts) for one local database. */
export type SyncWorkerInit = {
  dbName: string
  orgId: string
  salonId: string
  apiBase: string
  token: string | null
  /** false: push only (the customer area's outbox). */
  pull?: boolean
}

/** What the sync worker offers the tab over comlink. */
export type SyncWorkerApi = {
  init(opts: SyncWorkerInit): void
  setToken(token: string | null): void
  /** After a local mutation, on `online`, on focus: sync now if this tab leads. */
  ping(): void
  stop(): void
}
