import { useLiveQuery } from 'dexie-react-hooks'
import { Lock } from 'lucide-react'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type Answer, forCustomer } from '../../../contract/questionnaires'
import type { EmployeeSession } from '../../../contract/auth'
import { submitQuestionnaire } from '../../local-db/submission-mutations'
import { EmptyState, Modal } from '../../ui'
import { Blank } from '../app/blank'
import { useOrganisationBranding } from '../organisation/branding'
import { FillForm } from '../questionnaire-fill/fill-form'
import { useReplica } from '../sync/replica-context'
import { useQuestionnaire } from '../sync/use-questionnaires'
import { deviceId } from './device-id'
import { deviceName } from './device-name'
import { endKiosk, type KioskSession, toHandBack } from './kiosk-db'
import { UnlockForm } from './unlock-form'

export const leaveFullscreen = () => {
  if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined)
}

/**
 * The customer fills the questionnaire (FillForm keeps the answers as drafts). Submit queues it in
 * the staff replica's outbox — taken in the salon by the employee who handed over, on this device
 * — and turns the screen into the hand-back screen. A small lock in the corner lets staff stop.
 */
export function KioskFill({ kiosk, session }: { kiosk: KioskSession; session: EmployeeSession }) {
  const { t } = useTranslation()
  const replica = useReplica()
  const stored = useQuestionnaire(kiosk.questionnaireId)
  // The customer holds the tablet: staff-only (employee group) questions are not theirs to see.
  const questionnaire = useMemo(() => stored && forCustomer(stored), [stored])
  const salon = useLiveQuery(async () => replica?.db.salons.get(kiosk.salonId), [replica, kiosk.salonId])
  const [stopping, setStopping] = useState(false)
  // The salon's logo at the top of the questionnaire (kept on the tablet: the kiosk works offline).
  const branding = useOrganisationBranding(session.employee.organisationId, 'employee')

  const onSubmit = async (answers: Answer[]) => {
    if (!replica) throw new Error('no replica')
    await submitQuestionnaire(replica.db, {
      id: kiosk.submissionId,
      salonId: kiosk.salonId,
      customerId: kiosk.customerId,
      questionnaireId: kiosk.questionnaireId,
      answers,
      takenBy: 'employee',
      employeeId: kiosk.employeeId,
      deviceId: await deviceId(),
      deviceName: await deviceName(),
    })
    await toHandBack()
  }

  const stop = async () => {
    await endKiosk()
    leaveFullscreen()
  }

  if (questionnaire === undefined) return <Blank />
  return (
    <div className="relative h-full overflow-y-auto bg-canvas" data-testid="kiosk-fill">
      {questionnaire && replica ? (
        <FillForm
          questionnaire={questionnaire}
          customerId={kiosk.customerId}
          salonName={salon?.name ?? ''}
          salonLogoUrl={branding?.logoUrl}
          db={replica.db}
          onSubmit={onSubmit}
          thankYou={null}
        />
      ) : (
        <div className="mx-auto max-w-xl px-6 py-16">
          <EmptyState title={t('kiosk.fill.missing')} description={t('kiosk.fill.missingHint')} />
        </div>
      )}
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
          <UnlockForm session={session} employeeId={kiosk.employeeId} onUnlocked={stop} />
        </div>
      </Modal>
    </div>
  )
}
