import { v7 as uuidv7 } from 'uuid'
import type { App } from '../../server/app'
import { SYNC_SCHEMA_VERSION } from '../../contract/sync'
import { unique } from '../helpers/app'

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
    url: `/api/organisations/${o.orgId}/salons/${o.salonId}/sync/push`,
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
    limit?: number
    clientId?: string
  },
) {
  const q = new URLSearchParams({ since: String(o.since ?? 0), limit: String(o.limit ?? 1000) })
  if (o.clientId) q.set('clientId', o.clientId)
  return app.inject({
    method: 'GET',
    url: `/api/organisations/${o.orgId}/salons/${o.salonId}/sync/changes?${q}`,
    headers: o.headers,
  })
}

export const newId = () => uuidv7()
