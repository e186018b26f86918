import type { PGlite } from '@electric-sql/pglite'
import pg from 'pg'

/*
 * Issue 25: the database says when access changed (migration 0029's triggers: NOTIFY
 * access_changed '<organisation id>' or '*'), so each instance's session cache forgets what it
 * kept. Notifications arrive at commit on every listening connection, whichever instance wrote.
 */

export type AccessChangeHandler = {
  /** Access in this organisation changed ('*': anywhere). */
  changed: (organisationId: string) => void
  /** Changes may have been missed (the listening connection dropped): forget everything. */
  lost: () => void
}

export type AccessChanges = {
  subscribe: (handler: AccessChangeHandler) => void
  /** Whether changes are heard right now; while not, nothing may be kept. */
  listening: () => boolean
  /** Resolves once every change committed before the call has been heard by this instance. */
  heard: () => Promise<void>
  close: () => Promise<void>
}

const CHANNEL = 'access_changed'

/** PGlite: one in-process connection; a commit's notifications reach the listener before the commit returns. */
export async function pgliteAccessChanges(client: PGlite): Promise<AccessChanges> {
  const handlers: AccessChangeHandler[] = []
  const unlisten = await client.listen(CHANNEL, (org) => {
    for (const h of handlers) h.changed(org)
  })
  return {
    subscribe: (h) => handlers.push(h),
    listening: () => true,
    heard: async () => {},
    close: () => unlisten(),
  }
}

/**
 * PostgreSQL: a connection of its own that LISTENs. When it drops, everything kept is forgotten
 * and nothing is kept until it listens again (reconnecting with a growing pause, at most 30 s).
 */
export function postgresAccessChanges(connectionString: string): AccessChanges {
  const handlers: AccessChangeHandler[] = []
  let client: pg.Client | null = null
  let ready = false
  let closed = false
  let pause = 500
  const lost = () => {
    ready = false
    for (const h of handlers) h.lost()
  }
  const connect = async () => {
    if (closed) return
    const c = new pg.Client({ connectionString })
    client = c
    c.on('notification', (n) => {
      if (n.channel !== CHANNEL || !n.payload) return
      for (const h of handlers) h.changed(n.payload)
    })
    c.on('error', () => {
      if (client === c) drop(c)
    })
    c.on('end', () => {
      if (client === c) drop(c)
    })
    try {
      await c.connect()
      await c.query(`LISTEN ${CHANNEL}`)
      ready = !closed
      pause = 500
    } catch {
      drop(c)
    }
  }
  const drop = (c: pg.Client) => {
    client = null
    lost()
    c.end().catch(() => {})
    if (closed) return
    setTimeout(connect, pause).unref()
    pause = Math.min(pause * 2, 30_000)
  }
  // A query on the listening connection: PostgreSQL sends the notifications already signalled to
  // it before this query's answer, so a write committed before the query was sent has been heard.
  let asking: Promise<void> | null = null
  let queued: Promise<void> | null = null
  const ask = (): Promise<void> => {
    const c = client
    if (!ready || !c) return Promise.resolve()
    const p: Promise<void> = c
      .query('select 1')
      .then(
        () => {},
        () => {},
      )
      .finally(() => {
        if (asking === p) asking = null
      })
    asking = p
    return p
  }
  void connect()
  return {
    subscribe: (h) => handlers.push(h),
    listening: () => ready,
    heard: () => {
      if (!asking) return ask()
      // A query already sent may have left before the caller's commit: wait for the next one,
      // which every caller arriving meanwhile shares (at most two in the air, not one per write).
      queued ??= asking.then(() => {
        queued = null
        return ask()
      })
      return queued
    },
    close: async () => {
      closed = true
      ready = false
      await client?.end().catch(() => {})
    },
  }
}
