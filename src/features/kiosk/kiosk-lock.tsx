import { useNavigate } from '@tanstack/react-router'
import { Lock } from 'lucide-react'
import { type ReactNode, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { EmployeeSession } from '../../../contract/auth'
import { Modal, notify } from '../../ui'
import { waitForSync } from '../customers/wait-for-sync'
import { useReplica } from '../sync/replica-context'
import { useLiveRow } from '../sync/use-live-row'
import { endKiosk, type KioskSession } from './kiosk-db'
import { UnlockForm } from './unlock-form'

type Props = { kiosk: KioskSession; session: EmployeeSession; children: ReactNode }

/** Staff took the tablet back (their PIN or password): the hand-over ends, and full screen with it. */
async function takeBack() {
  await endKiosk()
  if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined)
}

/**
 * What the customer holds on the salon's tablet (a questionnaire to fill, a consent form to sign):
 * the page scrolls, and a small lock in the corner lets staff stop with their PIN or password.
 */
export function HandOverFrame({ kiosk, session, testId, children }: Props & { testId: string }) {
  const { t } = useTranslation()
  const [stopping, setStopping] = useState(false)
  return (
    <div className="relative h-full overflow-y-auto bg-canvas" data-testid={testId}>
      {children}
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
          <UnlockForm session={session} employeeId={kiosk.employeeId} onUnlocked={takeBack} />
        </div>
      </Modal>
    </div>
  )
}

/**
 * After submit: the screen only the staff member's PIN or password opens (the thanks to the
 * customer above it). Taken back, it says what became of the answers and returns to the start.
 */
export function HandBackFrame({ kiosk, session, children }: Props) {
  const { t } = useTranslation()
  const replica = useReplica()
  const navigate = useNavigate()
  // Keyed by the kiosk's customer: the message never names the previous customer.
  const customer = useLiveRow(kiosk.customerId, async (id) => (replica ? replica.db.customers.get(id) : undefined), [
    replica,
  ])

  const onUnlocked = async () => {
    await takeBack()
    const name = customer ? `${customer.firstName} ${customer.lastName}` : ''
    // Say what really happened to the answers: sent, refused, on their way, or waiting offline.
    const state = replica && navigator.onLine ? await waitForSync(replica.db, kiosk.submissionId, 3000) : 'offline'
    notify(
      state === 'synced'
        ? { type: 'success', message: t('kiosk.handBack.sent', { name }) }
        : state === 'attention'
          ? { type: 'error', message: t('kiosk.handBack.refused', { name }) }
          : state === 'timeout'
            ? { type: 'info', message: t('kiosk.handBack.sending', { name }) }
            : { type: 'info', message: t('kiosk.handBack.saved', { name }) },
    )
    // Back to the kiosk start, ready for the next customer.
    await navigate({ to: '/$slug/admin/kiosk', params: { slug: kiosk.slug }, search: {}, replace: true })
  }

  return (
    <div className="h-full overflow-y-auto bg-canvas" data-testid="kiosk-hand-back">
      <div className="mx-auto flex min-h-full max-w-lg flex-col items-center justify-center gap-8 px-6 py-10 text-center">
        {children}
        <div className="w-full rounded-2xl border border-line bg-white p-5 text-left shadow-sm">
          <UnlockForm session={session} employeeId={kiosk.employeeId} onUnlocked={onUnlocked} />
        </div>
      </div>
    </div>
  )
}
