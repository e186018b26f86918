import { useNavigate } from '@tanstack/react-router'
import { useLiveQuery } from 'dexie-react-hooks'
import { CheckCircle2 } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { v7 as uuidv7 } from 'uuid'
import type { Answer } from '../../../contract/questionnaires'
import { submitQuestionnaire } from '../../local-db/submission-mutations'
import { Button, EmptyState } from '../../ui'
import { Blank } from '../app/blank'
import { useEmployeeSession } from '../auth/session'
import { useCustomer } from '../customers/use-customers'
import { deviceId } from '../kiosk/device-id'
import { deviceName } from '../kiosk/device-name'
import { DeviceNamePrompt } from '../kiosk/device-name-prompt'
import { FillForm } from '../questionnaire-fill/fill-form'
import { useReplica } from '../sync/replica-context'
import { useQuestionnaire } from '../sync/use-questionnaires'

/**
 * `/{slug}/admin/fill/{questionnaireId}?customerId=`: staff fill an employee questionnaire about
 * a customer (answers kept as a draft on the device). Submitting queues it in the replica's
 * outbox, taken in the salon by this employee on this device; it syncs when it can.
 */
export function StaffFillPage({ slug, questionnaireId, customerId }: Props) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const replica = useReplica()
  const me = useEmployeeSession()?.employee
  const questionnaire = useQuestionnaire(questionnaireId)
  const customer = useCustomer(customerId)
  const salon = useLiveQuery(async () => replica?.db.salons.get(replica.salonId), [replica])
  // One id for this filling: a second tap on submit cannot queue it twice.
  const [submissionId] = useState(() => uuidv7())
  const back = () =>
    void navigate({ to: '/$slug/admin/customers', params: { slug }, search: { search: customer?.email ?? undefined } })

  if (questionnaire === undefined || customer === undefined || !replica) return <Blank />
  // useCustomer answers for the id asked only; said again here because a wrong id files an
  // observation in another customer's record.
  if (!questionnaire || !customer || customer.id !== customerId)
    return (
      <div className="mx-auto max-w-xl px-6 py-16">
        <EmptyState title={t('submissions.fillMissing')} description={t('submissions.fillMissingHint')} />
      </div>
    )

  const onSubmit = async (answers: Answer[]) => {
    await submitQuestionnaire(replica.db, {
      id: submissionId,
      salonId: replica.salonId,
      customerId,
      questionnaireId: questionnaire.id,
      answers,
      takenBy: 'employee',
      employeeId: me?.id ?? null,
      deviceId: await deviceId(),
      deviceName: await deviceName(),
    })
  }

  return (
    <div className="h-full overflow-y-auto bg-canvas" data-testid="staff-fill">
      <p className="mx-auto max-w-3xl px-4 pt-4 text-sm text-muted sm:px-8">
        {t('submissions.fillAbout', { name: customer.fullName })}
      </p>
      <div className="mx-auto max-w-3xl px-4 pt-3 sm:px-8">
        <DeviceNamePrompt />
      </div>
      <FillForm
        questionnaire={questionnaire}
        customerId={customerId}
        salonName={salon?.name ?? ''}
        db={replica.db}
        onSubmit={onSubmit}
        inShell
        thankYou={
          <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-6 py-16 text-center">
            <CheckCircle2 aria-hidden className="size-10 text-primary-dark" />
            <h1 className="font-display text-2xl text-ink">{t('submissions.fillDone')}</h1>
            <p className="text-muted">{t('submissions.fillDoneText', { name: customer.fullName })}</p>
            <Button size="lg" onClick={back}>
              {t('submissions.backToCustomer')}
            </Button>
          </div>
        }
      />
    </div>
  )
}

type Props = { slug: string; questionnaireId: string; customerId: string }
