import { useLiveQuery } from 'dexie-react-hooks'
import { HeartHandshake } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { KioskAdviceButton } from '../advice/customer/kiosk-advice'
import { useReplica } from '../sync/replica-context'
import { useHandOver } from './kiosk-context'

/** After submit: thanks to the customer, above the form only the staff member's PIN or password opens. */
export function HandBack() {
  const { t } = useTranslation()
  const { kiosk, session } = useHandOver()
  const replica = useReplica()
  const salon = useLiveQuery(async () => replica?.db.salons.get(kiosk.salonId), [replica, kiosk.salonId])
  const staffName = session.employee.id === kiosk.employeeId ? session.employee.firstName : ''

  return (
    <>
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
    </>
  )
}
