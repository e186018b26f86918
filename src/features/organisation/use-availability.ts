import { useEffect, useState } from 'react'
import { API } from '../../api/client'
import { useApiQuery } from '../../api/query'
import { isCheckableSlug } from './slug'

export type Availability = 'unknown' | 'checking' | 'available' | 'taken'

type Ask = { slug?: string; companyName?: string }
const sameAsk = (a: Ask | null, b: Ask | null) => a?.slug === b?.slug && a?.companyName === b?.companyName

/** `value` once it has stayed the same for `delayMs` (typing does not ask the server per key). */
function useSettled(value: Ask | null, delayMs: number): Ask | null {
  const text = JSON.stringify(value)
  const [settled, setSettled] = useState(text)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), delayMs)
    return () => clearTimeout(timer)
  }, [text, delayMs])
  return JSON.parse(settled) as Ask | null
}

/**
 * Live check (debounced) of the web address and company name via GET /organisations/challenge.
 * The answer is keyed by the inputs it was asked for, so a slow answer for stale inputs never
 * shows for newer ones.
 */
export function useAvailability(slug: string, companyName: string, delayMs = 350) {
  const s = slug.trim().toLowerCase()
  const c = companyName.trim()
  const askSlug = isCheckableSlug(s)
  const wanted: Ask | null = askSlug || c ? { slug: askSlug ? s : undefined, companyName: c || undefined } : null
  const asked = useSettled(wanted, delayMs)
  const q = useApiQuery(API.organisations.challenge, asked ? { query: asked } : null, { retry: false })
  if (!wanted) return { slug: 'unknown', companyName: 'unknown' } as const satisfies Record<string, Availability>
  if (!sameAsk(asked, wanted) || (q.isFetching && !q.data))
    return { slug: askSlug ? 'checking' : 'unknown', companyName: c ? 'checking' : 'unknown' } as {
      slug: Availability
      companyName: Availability
    }
  const r = q.isError ? null : q.data
  const toState = (v: boolean | null | undefined): Availability =>
    v === null || v === undefined ? 'unknown' : v ? 'available' : 'taken'
  return { slug: toState(r?.slugAvailable), companyName: toState(r?.companyNameAvailable) }
}
