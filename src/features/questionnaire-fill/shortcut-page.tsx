import { Navigate } from '@tanstack/react-router'
import { useCallback, useEffect, useState } from 'react'
import type { Shortcut } from '../../../contract/questionnaires'
import { API, call } from '../../api/client'
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
  const [state, setState] = useState<Shortcut | LinkProblemKind | null>(null)
  const load = useCallback(() => {
    setState(null)
    call(API.shortcuts.resolve, { query: { code } })
      .then((s) => {
        localStorage.setItem(seenKey(code), JSON.stringify({ slug: s.slug, organisationName: s.organisationName }))
        setShortcutTarget({ slug: s.slug, questionnaireId: s.questionnaireId, email: s.email })
        setState(s)
      })
      .catch((err) => {
        const problem = linkProblem(err)
        // A link that no longer exists does not name its salon from an old visit.
        if (problem.kind === 'notFound') localStorage.removeItem(seenKey(code))
        setState(problem)
      })
  }, [code])
  useEffect(load, [load])
  if (state === null) return <Skeleton className="m-8 h-40" />
  if ('kind' in state) {
    const known = seen(code)
    return <LinkProblem problem={state} salonName={known?.organisationName} slug={known?.slug} onRetry={load} />
  }
  return <Navigate to="/$slug" params={{ slug: state.slug }} replace />
}
