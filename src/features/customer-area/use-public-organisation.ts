import { useQuery } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { useEffect, useMemo } from 'react'
import type { PublicOrganisation } from '../../../contract/organisations'
import { API, ApiError } from '../../api/client'
import { queryKeyOf } from '../../api/query'
import { apiCall } from '../../api/transport'
import { movedPath } from './moved-path'

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
  const q = useQuery({
    queryKey: queryKeyOf(API.organisations.findPublic, { query: { slug } }),
    queryFn: async ({ signal }) => {
      try {
        const organisation = await apiCall(API.organisations.findPublic, { query: { slug }, signal })
        localStorage.setItem(cacheKey(slug), JSON.stringify(organisation))
        localStorage.setItem(cacheKey(organisation.slug), JSON.stringify(organisation))
        return organisation
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) localStorage.removeItem(cacheKey(slug))
        throw error
      }
    },
  })
  const state: State = useMemo(() => {
    const error = q.error
    if (error instanceof ApiError && error.status === 404) return { status: 'notFound' }
    if (q.data) return { status: 'found', organisation: q.data }
    if (!q.isError) return { status: 'loading' }
    const known = error instanceof ApiError && error.isNetwork ? remembered(slug) : null
    return known ? { status: 'found', organisation: known } : { status: 'error', error }
  }, [q.data, q.isError, q.error, slug])
  useMovedAddress(slug, state.status === 'found' ? state.organisation.slug : null)
  return state
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
