import { useEffect, useSyncExternalStore } from 'react'
import type { CustomerSettings } from '../../../contract/organisations'
import { API, ApiError, call } from '../../api/client'

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
 * The organisation's look for a signed-in user (`token`: their session), fresh from the server
 * when reachable and the kept copy meanwhile (and offline). Null until known.
 */
export function useOrganisationBranding(
  organisationId: string | null | undefined,
  token: string | null | undefined,
): CustomerSettings | null {
  const value = useSyncExternalStore(subscribe, () => (organisationId ? read(organisationId) : null))
  useEffect(() => {
    if (!organisationId || !token) return
    const ctrl = new AbortController()
    const load = () =>
      call(API.organisations.customerSettings, { params: { org: organisationId }, token, signal: ctrl.signal })
        .then(rememberBranding)
        // Offline or a hiccup: the kept copy stays. A session that ended is the sign-in's business.
        .catch((err: unknown) => {
          if (!(err instanceof ApiError)) throw err
        })
    void load()
    window.addEventListener('online', load)
    return () => {
      ctrl.abort()
      window.removeEventListener('online', load)
    }
  }, [organisationId, token])
  return value
}
