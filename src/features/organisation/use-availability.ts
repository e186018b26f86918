import { useEffect, useState } from 'react'
import { API, call } from '../../api/client'
import { isCheckableSlug } from './slug'

export type Availability = 'unknown' | 'checking' | 'available' | 'taken'

/**
 * Live check (debounced) of the web address and company name via GET /organisations/challenge.
 * Results for stale inputs are dropped so a slow answer never overwrites a newer one.
 */
export function useAvailability(slug: string, companyName: string, delayMs = 350) {
  const [state, setState] = useState<{ slug: Availability; companyName: Availability }>({
    slug: 'unknown',
    companyName: 'unknown',
  })
  useEffect(() => {
    const s = slug.trim().toLowerCase()
    const c = companyName.trim()
    const askSlug = isCheckableSlug(s)
    if (!askSlug && !c) {
      setState({ slug: 'unknown', companyName: 'unknown' })
      return
    }
    setState({ slug: askSlug ? 'checking' : 'unknown', companyName: c ? 'checking' : 'unknown' })
    const ctrl = new AbortController()
    const timer = setTimeout(async () => {
      try {
        const r = await call(API.organisations.challenge, {
          query: { slug: askSlug ? s : undefined, companyName: c || undefined },
          signal: ctrl.signal,
        })
        const toState = (v: boolean | null): Availability => (v === null ? 'unknown' : v ? 'available' : 'taken')
        setState({ slug: toState(r.slugAvailable), companyName: toState(r.companyNameAvailable) })
      } catch {
        if (!ctrl.signal.aborted) setState({ slug: 'unknown', companyName: 'unknown' })
      }
    }, delayMs)
    return () => {
      clearTimeout(timer)
      ctrl.abort()
    }
  }, [slug, companyName, delayMs])
  return state
}
