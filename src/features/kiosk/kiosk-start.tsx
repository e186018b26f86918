import { useLiveQuery } from 'dexie-react-hooks'
import { ClipboardList, TabletSmartphone } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { v7 as uuidv7 } from 'uuid'
import { questionCount } from '../../../contract/questionnaires'
import { Button, EmptyState, FormError, Skeleton } from '../../ui'
import { useCustomer } from '../customers/use-customers'
import { useReplica } from '../sync/replica-context'
import { useQuestionnaires } from '../sync/use-questionnaires'
import { Choice } from './choice'
import { CustomerPicker } from './customer-picker'
import { DeviceNamePrompt } from './device-name-prompt'
import { useKiosk } from './kiosk-context'
import { kioskDb, startKiosk } from './kiosk-db'
import { consentHandOver, KioskConsentChoices } from '../documents/signing/kiosk-consent'

/** Staff pick a customer and a customer questionnaire from the replica, then hand the tablet over. */
export function KioskStart({ preselectedCustomerId }: { preselectedCustomerId: string | null }) {
  const { t } = useTranslation()
  const { slug, session } = useKiosk()
  const replica = useReplica()
  const [customerId, setCustomerId] = useState<string | null>(preselectedCustomerId)
  const [questionnaireId, setQuestionnaireIdOnly] = useState<string | null>(null)
  // Issue 12: or a consent form the customer reads and signs (one of the two is handed over).
  const [consentId, setConsentIdOnly] = useState<string | null>(null)
  const setQuestionnaireId = (id: string | null) => {
    setQuestionnaireIdOnly(id)
    if (id) setConsentIdOnly(null)
  }
  const setConsentId = (id: string | null) => {
    setConsentIdOnly(id)
    if (id) setQuestionnaireIdOnly(null)
  }
  const customer = useCustomer(customerId)
  const questionnaires = useQuestionnaires({ kind: 'customerQuestionnaire' })
  const employeeId = session.employee.id
  // Without a PIN or a remembered password nobody could take the tablet back offline.
  const canUnlock = useLiveQuery(
    async () => !!session.employee.kioskPin || !!(await kioskDb().secrets.get(employeeId)),
    [session.employee.kioskPin, employeeId],
  )
  const ready = !!replica && !!customer && (!!questionnaireId || !!consentId) && canUnlock === true

  const handOver = async () => {
    if (!ready) return
    if (consentId) {
      const target = await consentHandOver(replica.db, customer.id, consentId)
      await startKiosk({
        slug,
        orgId: replica.orgId,
        salonId: replica.salonId,
        employeeId,
        customerId: customer.id,
        questionnaireId: '',
        kind: 'consent',
        documentId: consentId,
        versionId: target.versionId,
        handOver: target.handOver,
        submissionId: target.customerDocumentId,
      })
      void document.documentElement.requestFullscreen?.().catch(() => undefined)
      return
    }
    await startKiosk({
      slug,
      orgId: replica.orgId,
      salonId: replica.salonId,
      employeeId,
      customerId: customer.id,
      questionnaireId: questionnaireId!,
      submissionId: uuidv7(),
    })
    // Full screen where the browser allows it (an installed app already is); never required.
    void document.documentElement.requestFullscreen?.().catch(() => undefined)
  }

  return (
    <>
      <div className="flex flex-col gap-1">
        <h1 className="font-display text-3xl text-ink">{t('kiosk.start.title')}</h1>
        <p className="text-muted">{t('kiosk.start.description')}</p>
      </div>
      <DeviceNamePrompt />
      <section className="flex flex-col gap-3" aria-labelledby="kiosk-step-customer">
        <h2 id="kiosk-step-customer" className="text-lg font-medium text-ink">
          {t('kiosk.start.stepCustomer')}
        </h2>
        <CustomerPicker selected={customer ?? null} onSelect={setCustomerId} />
      </section>
      <section className="flex flex-col gap-3" aria-labelledby="kiosk-step-questionnaire">
        <h2 id="kiosk-step-questionnaire" className="text-lg font-medium text-ink">
          {t('kiosk.start.stepQuestionnaire')}
        </h2>
        {!questionnaires ? (
          <Skeleton className="h-28 w-full" />
        ) : questionnaires.length === 0 ? (
          <EmptyState
            icon={<ClipboardList aria-hidden className="size-5" />}
            title={t('kiosk.start.noQuestionnaires')}
            description={t('kiosk.start.noQuestionnairesHint')}
          />
        ) : (
          <ul className="grid gap-2 sm:grid-cols-2" aria-label={t('kiosk.start.questionnaires')}>
            {questionnaires.map((q) => (
              <li key={q.id}>
                <Choice
                  title={q.name}
                  detail={t('kiosk.start.questions', { count: questionCount(q.questions) })}
                  selected={q.id === questionnaireId}
                  onClick={() => setQuestionnaireId(q.id === questionnaireId ? null : q.id)}
                />
              </li>
            ))}
          </ul>
        )}
      </section>
      <KioskConsentChoices customerId={customer?.id ?? null} selected={consentId} onSelect={setConsentId} />
      <footer className="flex flex-col gap-3 border-t border-line pt-5">
        {canUnlock === false && <FormError text={t('kiosk.start.needsPin')} />}
        <p className="text-sm text-muted">{t('kiosk.start.handOverHint')}</p>
        <Button size="lg" className="w-full sm:w-auto sm:self-end" disabled={!ready} onClick={() => void handOver()}>
          <TabletSmartphone aria-hidden className="size-5" /> {t('kiosk.start.handOver')}
        </Button>
      </footer>
    </>
  )
}
