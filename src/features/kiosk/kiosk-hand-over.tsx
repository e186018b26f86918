import { Lock } from 'lucide-react'
import { type ReactNode, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { EmployeeSession } from '../../../contract/auth'
import { Modal } from '../../ui'
import { endKiosk, type KioskSession } from './kiosk-db'
import { UnlockForm } from './unlock-form'

export const leaveFullscreen = () => {
  if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined)
}

/**
 * What the customer holds on the salon's tablet (a questionnaire to fill, a consent form to sign):
 * the page scrolls, and a small lock in the corner lets staff stop with their PIN or password.
 */
export function KioskHandOver(p: {
  kiosk: KioskSession
  session: EmployeeSession
  testId: string
  children: ReactNode
}) {
  const { t } = useTranslation()
  const [stopping, setStopping] = useState(false)
  const stop = async () => {
    await endKiosk()
    leaveFullscreen()
  }
  return (
    <div className="relative h-full overflow-y-auto bg-canvas" data-testid={p.testId}>
      {p.children}
      <button
        type="button"
        onClick={() => setStopping(true)}
        aria-label={t('kiosk.fill.staff')}
        title={t('kiosk.fill.staff')}
        className="absolute top-2 right-2 flex size-11 items-center justify-center rounded-full text-muted/70 hover:bg-white hover:text-ink focus-visible:outline-2 focus-visible:outline-primary-dark"
      >
        <Lock aria-hidden className="size-4" />
      </button>
      <Modal open={stopping} onClose={() => setStopping(false)} title={t('kiosk.fill.stopTitle')} width={440}>
        <div className="flex flex-col gap-4">
          <p className="text-sm text-muted">{t('kiosk.fill.stopHint')}</p>
          <UnlockForm session={p.session} employeeId={p.kiosk.employeeId} onUnlocked={stop} />
        </div>
      </Modal>
    </div>
  )
}
