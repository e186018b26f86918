import { useQuery } from '@tanstack/react-query'
import { Navigate } from '@tanstack/react-router'
import { useMemo } from 'react'
import type { Shortcut } from '../../../contract/questionnaires'
import { API } from '../../api/client'
import { queryKeyOf } from '../../api/query'
import { apiCall } from '../../api/transport'
import { Skeleton } from '../../ui'
import { LinkProblem, type LinkProblemKind, linkProblem } from './link-problem'
import { setShortcutTarget } from './shortcut-target'

/** The salon behind a code as last seen: a later failure of the same link still names it. */
const seenKey = (code: string) => `shortcut-seen:${code.toUpperCase()}`
function seen(code: string): Pick<Shortcut, 'slug' | 'organisationName'> | null {
  try {
    return JSON.parse(localStorage.getItem(seenKey(code)) ?? 'null')
  } catch {
    return null
  }
}

/** `/shortcut?code=` and `/new-questionnaire?code=`: the short code of a sent questionnaire → code sign-in → the questionnaire. */
export function ShortcutPage({ code }: { code: string }) {
  const q = useQuery({
    queryKey: queryKeyOf(API.shortcuts.resolve, { query: { code } }),
    queryFn: async ({ signal }) => {
      try {
        const s = await apiCall(API.shortcuts.resolve, { query: { code }, signal })
        localStorage.setItem(seenKey(code), JSON.stringify({ slug: s.slug, organisationName: s.organisationName }))
        setShortcutTarget({ slug: s.slug, questionnaireId: s.questionnaireId, email: s.email })
        return s
      } catch (err) {
        // A link that no longer exists does not name its salon from an old visit.
        if (linkProblem(err).kind === 'notFound') localStorage.removeItem(seenKey(code))
        throw err
      }
    },
    retry: false,
    // Resolved on every visit: the answer also sets where the sign-in leads (setShortcutTarget).
    gcTime: 0,
  })
  // Once per failure: a rate limit's retry time is counted from when it answered.
  const problem = useMemo(() => (q.error ? linkProblem(q.error) : null), [q.error])
  const state: Shortcut | LinkProblemKind | null = q.isFetching ? null : (problem ?? q.data ?? null)
  const load = () => void q.refetch()
  if (state === null) return <Skeleton className="m-8 h-40" />
  if ('kind' in state) {
    const known = seen(code)
    return <LinkProblem problem={state} salonName={known?.organisationName} slug={known?.slug} onRetry={load} />
  }
  return <Navigate to="/$slug" params={{ slug: state.slug }} replace />
}
