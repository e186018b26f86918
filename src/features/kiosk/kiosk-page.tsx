import { useBlocker } from '@tanstack/react-router'
import { useLiveQuery } from 'dexie-react-hooks'
import { useEffect } from 'react'
import type { EmployeeSession } from '../../../contract/auth'
import { Blank } from '../app/blank'
import { setCurrentSalonId } from '../shell/current-salon'
import { useReplica } from '../sync/replica-context'
import { HandBack } from './hand-back'
import { KioskFill } from './kiosk-fill'
import { kioskDb } from './kiosk-db'
import { activeKioskSlug, setKioskMark } from './kiosk-mark'
import { KioskStart } from './kiosk-start'
import { KioskSign } from '../documents/signing/kiosk-sign'

type Props = { slug: string; session: EmployeeSession; preselectedCustomerId: string | null }

/** Which kiosk screen shows follows the hand-over kept in IndexedDB, so a reload lands on the same one. */
export function KioskPage({ slug, session, preselectedCustomerId }: Props) {
  const kiosk = useLiveQuery(async () => (await kioskDb().session.get('active')) ?? null, [])
  const replica = useReplica()
  const active = !!kiosk && kiosk.slug === slug
  useKioskGuard()

  useEffect(() => {
    // The mark outlived its hand-over (storage cleared in between): nothing to guard.
    if (kiosk === null && activeKioskSlug()) setKioskMark(null)
    // Resume in the branch the hand-over was made in (its replica holds the queued submission).
    if (kiosk && replica && kiosk.salonId !== replica.salonId) setCurrentSalonId(kiosk.salonId)
  }, [kiosk, replica])

  if (kiosk === undefined || !replica) return <Blank />
  if (!active || kiosk.salonId !== replica.salonId)
    return <KioskStart slug={slug} session={session} preselectedCustomerId={preselectedCustomerId} />
  if (kiosk.stage === 'filling' && kiosk.kind === 'consent') return <KioskSign kiosk={kiosk} session={session} />
  return kiosk.stage === 'filling' ? (
    <KioskFill kiosk={kiosk} session={session} />
  ) : (
    <HandBack kiosk={kiosk} session={session} />
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
