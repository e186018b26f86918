import { useEffect, useState } from 'react'
import type { PublicOrganisation } from '../../../contract/organisations'
import { ApiError, api } from '../../api/client'

type State =
  | { status: 'loading' }
  | { status: 'found'; organisation: PublicOrganisation }
  | { status: 'notFound' }
  | { status: 'error'; error: unknown }

/** GET /organisations/public?slug=: the salon name for public screens; 404 → not found page. */
export function usePublicOrganisation(slug: string): State {
  const [state, setState] = useState<State>({ status: 'loading' })
  useEffect(() => {
    const ctrl = new AbortController()
    setState({ status: 'loading' })
    api<PublicOrganisation>('/organisations/public', { query: { slug }, signal: ctrl.signal })
      .then((organisation) => setState({ status: 'found', organisation }))
      .catch((error) => {
        if (ctrl.signal.aborted) return
        setState(
          error instanceof ApiError && error.status === 404 ? { status: 'notFound' } : { status: 'error', error },
        )
      })
    return () => ctrl.abort()
  }, [slug])
  return state
}
