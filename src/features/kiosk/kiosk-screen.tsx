import { KioskSign } from '../documents/signing/kiosk-sign'
import { HandBack } from './hand-back'
import { useKiosk } from './kiosk-context'
import { KioskFill } from './kiosk-fill'
import { KioskStart } from './kiosk-start'

/**
 * `/{slug}/admin/kiosk`: the content for where the hand-over is (the layout around it holds the
 * lock and the frame): staff choose and hand over, the customer fills or signs, then the thanks.
 */
export function KioskScreen({ preselectedCustomerId }: { preselectedCustomerId: string | null }) {
  const { kiosk } = useKiosk()
  if (!kiosk) return <KioskStart preselectedCustomerId={preselectedCustomerId} />
  if (kiosk.stage === 'handBack') return <HandBack />
  return kiosk.kind === 'consent' ? <KioskSign /> : <KioskFill />
}
