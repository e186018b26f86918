import { useRouter } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import { STORAGE_KEYS } from '../../../contract/enums'
import { useEmployeeSession } from '../auth/session'
import { movedPath } from '../customer-area/moved-path'
import { SyncProvider } from '../sync/sync-provider'
import { StaffShell } from './staff-shell'
import { lazyNamed } from '../../routes/lazy'
import { prefetchUnlessPrecached } from '../app/lazy-on-open'

/**
 * Shown only without a session: the sign-in form (its form engine) loads then, not with the shell.
 * A page the service worker does not control yet fetches it at once: signing out offline must
 * still reach the form.
 */
const signIn = () => import('./staff-sign-in')
const StaffSignIn = lazyNamed(signIn, 'StaffSignIn')

/** `/{slug}/admin/*`: the staff shell when this organisation's employee is signed in, else sign-in. */
export function StaffArea({ slug }: { slug: string }) {
  const session = useEmployeeSession()
  const router = useRouter()
  // The organisation this shell was showing: when its web address changes under it (the settings
  // screen saved a new one, or a refresh brought it), the shell stays and only the address moves.
  const shown = useRef<{ slug: string; organisationId: string } | null>(null)
  const newSlug = session?.employee.organisationSlug
  const moved =
    !!session &&
    newSlug !== slug &&
    shown.current?.slug === slug &&
    shown.current.organisationId === session.employee.organisationId
  const mine = session && (newSlug === slug || moved) ? session : null

  useEffect(() => prefetchUnlessPrecached(signIn), [])
  useEffect(() => {
    if (mine && !moved) shown.current = { slug, organisationId: mine.employee.organisationId }
    if (mine) localStorage.setItem(STORAGE_KEYS.slug, mine.employee.organisationSlug)
  }, [mine, moved, slug])
  useEffect(() => {
    const to = moved && newSlug ? movedPath(window.location.href, slug, newSlug) : null
    if (to) router.history.replace(to)
  }, [moved, newSlug, slug, router])

  if (!mine) return <StaffSignIn slug={slug} />
  return (
    <SyncProvider>
      <StaffShell session={mine} slug={slug} />
    </SyncProvider>
  )
}
