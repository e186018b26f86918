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
  useEffect(() => {
    const ctrl = new AbortController()
    setState({ status: 'loading' })
    call(API.organisations.findPublic, { query: { slug }, signal: ctrl.signal })
      .then((organisation) => {
        localStorage.setItem(cacheKey(slug), JSON.stringify(organisation))
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
