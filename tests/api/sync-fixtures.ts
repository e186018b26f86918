import { v7 as uuidv7 } from 'uuid'
import type { App } from '../../server/app'
import { type Cursors, cursorsParam, SYNC_SCHEMA_VERSION } from '../../contract/sync'
import { unique } from '../helpers/app'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../helpers/url'

export type TestMutation = { id: string; seq: number; name: string; args: unknown; v?: number }

/** Builds mutations with increasing seq for one client. */
export function client(name = unique('client-')) {
  let seq = 0
  return {
    clientId: name,
    m: (mutName: string, args: unknown, id = uuidv7()): TestMutation => ({ id, seq: seq++, name: mutName, args }),
  }
}

export async function push(
  app: App,
  o: { orgId: string; salonId: string; headers: Record<string, string>; clientId: string; mutations: TestMutation[] },
  schemaVersion = SYNC_SCHEMA_VERSION,
) {
  return app.inject({
    method: 'POST',
    url: apiUrl(API.sync.push, { org: o.orgId, salon: o.salonId }),
    headers: o.headers,
    payload: { clientId: o.clientId, schemaVersion, mutations: o.mutations },
  })
}

export async function pull(
  app: App,
  o: {
    orgId: string
    salonId: string
    headers: Record<string, string>
    since?: number
    /** Per-entity cursors, as this app's sync worker sends them (instead of `since`). */
    cursors?: Cursors
    limit?: number
    clientId?: string
  },
) {
  const from = o.cursors ? { cursors: cursorsParam(o.cursors) } : { since: o.since ?? 0 }
  return app.inject({
    method: 'GET',
    url: apiUrl(
      API.sync.changes,
      { org: o.orgId, salon: o.salonId },
      { ...from, limit: o.limit ?? 1000, clientId: o.clientId },
    ),
    headers: o.headers,
  })
}

export const newId = () => uuidv7()
