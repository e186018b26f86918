import { Navigate, Outlet, useBlocker } from '@tanstack/react-router'
import { useLiveQuery } from 'dexie-react-hooks'
import { useEffect } from 'react'
import type { EmployeeSession } from '../../../contract/auth'
import { CustomerFacingProvider } from '../../ui'
import { Blank } from '../app/blank'
import { useEmployeeSession } from '../auth/session'
import { setCurrentSalonId } from '../shell/current-salon'
import { useReplica } from '../sync/replica-context'
import { SyncProvider } from '../sync/sync-provider'
import { KioskContext } from './kiosk-context'
import { kioskDb } from './kiosk-db'
import { KioskFrame } from './kiosk-frame'
import { HandBackFrame, HandOverFrame } from './kiosk-lock'
import { activeKioskSlug, setKioskMark } from './kiosk-mark'

/**
 * The kiosk's layout (src/routes/kiosk.tsx), once for all its screens: the signed-in employee's
 * replica (customers and questionnaires come from it, the submission goes into its outbox)
 * without the staff shell, the hand-over's lock, and the frame that goes with it. The screens
 * render only their content (`useKiosk`, `useHandOver`). Not signed in here: the staff area's
 * sign-in; a hand-over in progress resumes after it.
 */
export function KioskLayout({ slug }: { slug: string }) {
  const session = useEmployeeSession()
  if (!session || session.employee.organisationSlug !== slug)
    return <Navigate to="/$slug/admin" params={{ slug }} replace />
  return (
    <SyncProvider>
      <KioskLock slug={slug} session={session} />
    </SyncProvider>
  )
}

/**
 * Whether the tablet is the customer's follows the hand-over kept in IndexedDB, so a reload lands
 * on the same screen: staff's start (KioskFrame), the customer's questionnaire or consent form
 * (the lock in the corner) or the hand-back (opened with the PIN or password).
 */
function KioskLock({ slug, session }: { slug: string; session: EmployeeSession }) {
  const kiosk = useLiveQuery(async () => (await kioskDb().session.get('active')) ?? null, [])
  const replica = useReplica()
  useKioskGuard()

  useEffect(() => {
    // The mark outlived its hand-over (storage cleared in between): nothing to guard.
    if (kiosk === null && activeKioskSlug()) setKioskMark(null)
    // Resume in the branch the hand-over was made in (its replica holds the queued submission).
    if (kiosk && replica && kiosk.salonId !== replica.salonId) setCurrentSalonId(kiosk.salonId)
  }, [kiosk, replica])

  if (kiosk === undefined || !replica) return <Blank />
  const handedOver = kiosk && kiosk.slug === slug && kiosk.salonId === replica.salonId ? kiosk : null
  const content = (
    <KioskContext.Provider value={{ slug, session, kiosk: handedOver }}>
      <Outlet />
    </KioskContext.Provider>
  )
  if (!handedOver) return <KioskFrame slug={slug}>{content}</KioskFrame>
  if (handedOver.stage === 'handBack')
    return (
      <HandBackFrame kiosk={handedOver} session={session}>
        {content}
      </HandBackFrame>
    )
  return (
    <HandOverFrame
      kiosk={handedOver}
      session={session}
      testId={handedOver.kind === 'consent' ? 'kiosk-sign' : 'kiosk-fill'}
    >
      {/* The customer holds the tablet: a refusal about the salon's plan in their words. */}
      <CustomerFacingProvider value>{content}</CustomerFacingProvider>
    </HandOverFrame>
  )
}

/**
 * While the tablet is the customer's, no in-app navigation leaves the kiosk: links, the back and
 * forward buttons (the router puts the history entry back). Read from the mark, not from React
 * state, so the moment staff take the tablet back navigation is free again.
 */
function useKioskGuard() {
  useBlocker({ shouldBlockFn: () => activeKioskSlug() !== null, enableBeforeUnload: false })
}
