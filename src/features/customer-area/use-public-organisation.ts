import { useRouter } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import type { PublicOrganisation } from '../../../contract/organisations'
import { API, ApiError, call } from '../../api/client'

type State =
  | { status: 'loading' }
  | { status: 'found'; organisation: PublicOrganisation }
  | { status: 'notFound' }
  | { status: 'error'; error: unknown }

const cacheKey = (slug: string) => `public-org:${slug}`

/** The organisation last seen at this web address: a customer's landing page opens offline too. */
function remembered(slug: string): PublicOrganisation | null {
  try {
    return JSON.parse(localStorage.getItem(cacheKey(slug)) ?? 'null') as PublicOrganisation | null
  } catch {
    return null
  }
}

/**
 * GET /organisations/public?slug=: the salon name for public screens; 404 → not found page.
 * Without a connection, the copy from the last visit (if any) counts as found.
 */
export function usePublicOrganisation(slug: string): State {
  const [state, setState] = useState<State>({ status: 'loading' })
  useMovedAddress(slug, state.status === 'found' ? state.organisation.slug : null)
  useEffect(() => {
    const ctrl = new AbortController()
    setState({ status: 'loading' })
    call(API.organisations.findPublic, { query: { slug }, signal: ctrl.signal })
      .then((organisation) => {
        localStorage.setItem(cacheKey(slug), JSON.stringify(organisation))
        localStorage.setItem(cacheKey(organisation.slug), JSON.stringify(organisation))
        setState({ status: 'found', organisation })
      })
      .catch((error) => {
        if (ctrl.signal.aborted) return
        if (error instanceof ApiError && error.status === 404) {
          localStorage.removeItem(cacheKey(slug))
          return setState({ status: 'notFound' })
        }
        const known = error instanceof ApiError && error.isNetwork ? remembered(slug) : null
        setState(known ? { status: 'found', organisation: known } : { status: 'error', error })
      })
    return () => ctrl.abort()
  }, [slug])
  return state
}

/** The same address with its first segment (the web address) replaced: `/old/admin/x?y` → `/new/admin/x?y`. */
export function movedPath(href: string, from: string, to: string): string | null {
  const url = new URL(href, 'http://x')
  const [, first, ...rest] = url.pathname.split('/')
  if (decodeURIComponent(first ?? '').toLowerCase() !== from.toLowerCase() || from === to) return null
  return `/${[to, ...rest].join('/')}${url.search}${url.hash}`
}

/**
 * An old link (`/{old}/...`, `/{old}/admin/...`) of an organisation that changed its web
 * address: the lookup by the old slug answers the current one, and the page moves on to the same
 * screen at the new address, replacing the old one in the history (back does not bounce).
 */
function useMovedAddress(slug: string, current: string | null) {
  const router = useRouter()
  useEffect(() => {
    if (!current) return
    const to = movedPath(window.location.href, slug, current)
    if (to) router.history.replace(to)
  }, [router, slug, current])
}
