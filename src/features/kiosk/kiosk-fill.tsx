import { useLiveQuery } from 'dexie-react-hooks'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { type Answer, forCustomer } from '../../../contract/questionnaires'
import { submitQuestionnaire } from '../../local-db/submission-mutations'
import { EmptyState } from '../../ui'
import { Blank } from '../app/blank'
import { useOrganisationBranding } from '../organisation/branding'
import { FillForm } from '../questionnaire-fill/fill-form'
import { useReplica } from '../sync/replica-context'
import { useQuestionnaire } from '../sync/use-questionnaires'
import { deviceId } from './device-id'
import { deviceName } from './device-name'
import { useHandOver } from './kiosk-context'
import { toHandBack } from './kiosk-db'

/**
 * The customer fills the questionnaire (FillForm keeps the answers as drafts). Submit queues it in
 * the staff replica's outbox — taken in the salon by the employee who handed over, on this device
 * — and turns the screen into the hand-back screen. Inside the hand-over frame (staff stop with the lock).
 */
export function KioskFill() {
  const { t } = useTranslation()
  const { kiosk, session } = useHandOver()
  const replica = useReplica()
  const stored = useQuestionnaire(kiosk.questionnaireId)
  // The customer holds the tablet: staff-only (employee group) questions are not theirs to see.
  const questionnaire = useMemo(() => stored && forCustomer(stored), [stored])
  const salon = useLiveQuery(async () => replica?.db.salons.get(kiosk.salonId), [replica, kiosk.salonId])
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

  if (questionnaire === undefined) return <Blank />
  return questionnaire && replica ? (
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
  )
}
