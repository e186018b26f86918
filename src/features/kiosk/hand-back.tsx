import { useNavigate } from '@tanstack/react-router'
import { useLiveQuery } from 'dexie-react-hooks'
import { HeartHandshake } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { EmployeeSession } from '../../../contract/auth'
import { notify } from '../../ui'
import { KioskAdviceButton } from '../advice/customer/kiosk-advice'
import { waitForSync } from '../customers/wait-for-sync'
import { useReplica } from '../sync/replica-context'
import { useLiveRow } from '../sync/use-live-row'
import { endKiosk, type KioskSession } from './kiosk-db'
import { leaveFullscreen } from './kiosk-hand-over'
import { UnlockForm } from './unlock-form'

/** After submit: thanks to the customer, and a screen only the staff member's PIN or password opens. */
export function HandBack({ kiosk, session }: { kiosk: KioskSession; session: EmployeeSession }) {
  const { t } = useTranslation()
  const replica = useReplica()
  const navigate = useNavigate()
  const salon = useLiveQuery(async () => replica?.db.salons.get(kiosk.salonId), [replica, kiosk.salonId])
  // Keyed by the kiosk's customer: the thanks never names the previous customer.
  const customer = useLiveRow(kiosk.customerId, async (id) => (replica ? replica.db.customers.get(id) : undefined), [
    replica,
  ])
  const staffName = session.employee.id === kiosk.employeeId ? session.employee.firstName : ''

  const onUnlocked = async () => {
    await endKiosk()
    leaveFullscreen()
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
        <div className="flex flex-col items-center gap-4">
          <span className="flex size-16 items-center justify-center rounded-full bg-primary-light text-primary-dark">
            <HeartHandshake aria-hidden className="size-8" />
          </span>
          {salon && <p className="text-base text-muted">{salon.name}</p>}
          <h1 className="text-4xl font-semibold text-ink">{t('kiosk.handBack.title')}</h1>
          <p className="text-lg text-ink">{t('kiosk.handBack.text')}</p>
          <p className="text-lg font-medium text-ink">
            {staffName ? t('kiosk.handBack.returnTo', { name: staffName }) : t('kiosk.handBack.returnToStaff')}
          </p>
        </div>
        {kiosk.kind !== 'consent' && <KioskAdviceButton customerId={kiosk.customerId} />}
        <div className="w-full rounded-2xl border border-line bg-white p-5 text-left shadow-sm">
          <UnlockForm session={session} employeeId={kiosk.employeeId} onUnlocked={onUnlocked} />
        </div>
      </div>
    </div>
  )
}
