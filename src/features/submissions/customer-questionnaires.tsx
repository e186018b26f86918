import { ClipboardList, Send } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { LocalCustomer } from '../../local-db/types'
import { Button } from '../../ui/button'
import { EmptyState } from '../../ui/feedback'
import { SendQuestionnaireDialog } from '../send-questionnaire/send-questionnaire-dialog'
import { useSubmissions } from '../sync/use-questionnaires'
import { useSession } from '../auth/session'
import { CustomerActivity } from './customer-activity'
import { FillAsStaffMenu } from './fill-as-staff-menu'
import type { CustomerTab } from './customer-tabs'
import { SubmissionDrawer } from './submission-drawer'
import { SubmissionList, SubmissionListSkeleton } from './submission-list'
import { useSubmissionRows } from './use-submission-rows'
import { useCan } from '../auth/use-can'

/**
 * The customer drawer's Questionnaires tab (their submissions from the replica, offline too, and
 * sending one, online) and Activity tab (the server's activity log, online).
 */
export function CustomerQuestionnaires({ customer, tab }: { customer: LocalCustomer; tab: CustomerTab }) {
  const { t } = useTranslation()
  const rows = useSubmissionRows(useSubmissions({ customerId: customer.id }))
  const canSend = useCan('questionnaires.send')
  const [sending, setSending] = useState(false)
  const [openId, setOpenId] = useState<string | null>(null)
  const mayRead = useCan('submissions.read')
  const slug = useSession('employee')?.employee.organisationSlug ?? ''
  if (!mayRead || (tab !== 'questionnaires' && tab !== 'activity')) return null
  return (
    <div role="tabpanel" aria-labelledby={`customer-tab-${tab}`} data-testid={`customer-${tab}`}>
      {tab === 'activity' ? (
        <CustomerActivity customerId={customer.id} />
      ) : (
        <section aria-labelledby="customer-submissions-title" className="flex flex-col gap-3">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h3 id="customer-submissions-title" className="font-display text-lg text-ink">
              {t('submissions.customerSection')}
            </h3>
            <div className="flex flex-wrap gap-2">
              <FillAsStaffMenu customer={customer} slug={slug} />
              {canSend && (
                <Button variant="secondary" onClick={() => setSending(true)}>
                  <Send aria-hidden className="size-4" /> {t('send-questionnaire.open')}
                </Button>
              )}
            </div>
          </div>
          {!rows ? (
            <SubmissionListSkeleton rows={2} />
          ) : rows.length === 0 ? (
            <EmptyState
              icon={<ClipboardList aria-hidden className="size-6" />}
              title={t('submissions.customerEmptyTitle')}
              description={canSend ? t('submissions.customerEmptySend') : t('submissions.customerEmpty')}
            />
          ) : (
            <SubmissionList rows={rows} title="questionnaire" onOpen={setOpenId} />
          )}
        </section>
      )}
      <SendQuestionnaireDialog open={sending} customers={[customer]} onClose={() => setSending(false)} />
      <SubmissionDrawer submissionId={openId} onClose={() => setOpenId(null)} />
    </div>
  )
}
