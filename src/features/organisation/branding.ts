import { useSyncExternalStore } from 'react'
import type { CustomerSettings } from '../../../contract/organisations'
import { organisations } from '../../../contract/endpoints/organisations'
import { useApiQuery } from '../../api/query'
import { type SessionKind, tokenOf } from '../../api/transport'

/*
 * What the salon looks like to its people (company name, logo, languages): GET
 * /organisations/{org}/customer-settings with the session of a signed-in employee or customer,
 * kept per organisation in localStorage so the navigation and the customer's screens show it
 * offline too. Before sign-in the screens use the public lookup (use-public-organisation.ts),
 * which carries the name and logo as well.
 */
const keyOf = (organisationId: string) => `org-branding:${organisationId}`
const listeners = new Set<() => void>()
const cache = new Map<string, { raw: string | null; value: CustomerSettings | null }>()

function read(organisationId: string): CustomerSettings | null {
  const raw = localStorage.getItem(keyOf(organisationId))
  const hit = cache.get(organisationId)
  if (hit && hit.raw === raw) return hit.value
  let value: CustomerSettings | null = null
  try {
    value = raw ? (JSON.parse(raw) as CustomerSettings) : null
  } catch {
    value = null
  }
  cache.set(organisationId, { raw, value })
  return value
}

/** Keeps the salon's look on this device (the answer of customer-settings, or a save of the settings). */
export function rememberBranding(settings: CustomerSettings) {
  localStorage.setItem(keyOf(settings.id), JSON.stringify(settings))
  for (const l of listeners) l()
}

/** Changes the kept copy (after the settings screen saved a new name, address or logo). */
export function updateBranding(organisationId: string, change: Partial<CustomerSettings>) {
  const current = read(organisationId)
  if (current) rememberBranding({ ...current, ...change })
}

const subscribe = (l: () => void) => {
  listeners.add(l)
  const onStorage = (e: StorageEvent) => {
    if (!e.key || e.key.startsWith('org-branding:')) l()
  }
  globalThis.addEventListener?.('storage', onStorage)
  return () => {
    listeners.delete(l)
    globalThis.removeEventListener?.('storage', onStorage)
  }
}

/**
 * The organisation's look for a signed-in user (`as`: whose session), fresh from the server when
 * reachable (again when the connection is back) and the kept copy meanwhile (and offline: a
 * failure leaves the kept copy; a session that ended is the sign-in's business). Null until known.
 */
export function useOrganisationBranding(
  organisationId: string | null | undefined,
  as: SessionKind,
): CustomerSettings | null {
  const value = useSyncExternalStore(subscribe, () => (organisationId ? read(organisationId) : null))
  useApiQuery(
    organisations.customerSettings,
    organisationId && tokenOf(as) ? { params: { org: organisationId }, as } : null,
    {
      onData: rememberBranding,
    },
  )
  return value
}
