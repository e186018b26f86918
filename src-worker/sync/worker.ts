/// <reference lib="webworker" />
import * as Comlink from 'comlink'
import { openReplica } from '../../src/local-db/db'
import type { SyncWorkerApi, SyncWorkerInit } from '../../shared/sync/worker-api'
import { SyncEngine } from './engine'

/*
 * The dedicated sync worker, one per tab. Only the tab holding the Web Lock `sync:<db>` pushes
 * and pulls ("one pusher across tabs"); the others wait on the lock and take over when that tab
 * closes. Every tab reads the replica and the status from Dexie, so they all show the same.
 */
let engine: SyncEngine | null = null
let release: (() => void) | null = null
let channel: BroadcastChannel | null = null

const api: SyncWorkerApi = {
  init(opts: SyncWorkerInit) {
    if (engine) return
    const db = openReplica(opts.dbName)
    engine = new SyncEngine({ db, orgId: opts.orgId, salonId: opts.salonId, apiBase: opts.apiBase, pull: opts.pull })
    engine.setToken(opts.token)
    const e = engine
    const lead = async () => {
      e.start()
      await new Promise<void>((resolve) => {
        release = resolve
      })
      e.stop()
    }
    if (navigator.locks) void navigator.locks.request(`sync:${opts.dbName}`, lead)
    else void lead()
    // Local writes in any tab post here; only the running (leading) engine acts on it.
    channel = new BroadcastChannel(`sync-ping:${opts.dbName}`)
    channel.onmessage = (m: MessageEvent) => {
      // The manual screen opened: check the user manuals in this cycle (src-worker/sync/manuals.ts).
      if (m.data === 'manuals') engine?.checkManualsNow()
      api.ping()
    }
  },
  setToken(token: string | null) {
    engine?.setToken(token)
  },
  /** After a local mutation, on `online`, on focus: sync now if this tab leads. */
  ping() {
    if (release && engine) void engine.trigger()
  },
  stop() {
    channel?.close()
    release?.()
    release = null
    engine = null
  },
}

Comlink.expose(api)
