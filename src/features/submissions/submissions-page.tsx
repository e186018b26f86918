import { useNavigate, useSearch } from '@tanstack/react-router'
import { ClipboardList, Lock } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, EmptyState, PageHeader, SelectField } from '../../ui'
import { useQuestionnaires, useSubmissions } from '../sync/use-questionnaires'
import { SubmissionDrawer } from './submission-drawer'
import { SubmissionList, SubmissionListSkeleton } from './submission-list'
import { useOpenSubmission } from './use-open-submission'
import { useSubmissionRows } from './use-submission-rows'
import { useCan } from '../auth/use-can'

const PAGE = 50
const FROM = '/$slug/admin/submissions'

/** Submissions of the branch, optionally of one questionnaire (`?questionnaireId=`), from the replica. */
export function SubmissionsPage() {
  const { t } = useTranslation()
  const { questionnaireId } = useSearch({ from: FROM })
  const navigate = useNavigate({ from: FROM })
  const mayRead = useCan('submissions.read')
  const questionnaires = useQuestionnaires({ includeHidden: true })
  const all = useSubmissions(questionnaireId ? { questionnaireId } : {})
  const [shown, setShown] = useState(PAGE)
  const rows = useSubmissionRows(all?.slice(0, shown))
  const [openId, setOpenId] = useOpenSubmission(FROM)
  const chosen = questionnaires?.find((q) => q.id === questionnaireId)

  const setFilter = (id: string) => {
    setShown(PAGE)
    void navigate({ replace: true, search: (prev) => ({ ...prev, questionnaireId: id || undefined }) })
  }

  return (
    <div className="mx-auto w-full max-w-6xl">
      <PageHeader
        title={chosen ? chosen.name : t('submissions.page.title')}
        description={t('submissions.page.description')}
      />
      {!mayRead ? (
        <EmptyState icon={<Lock aria-hidden className="size-6" />} title={t('submissions.noAccess')} />
      ) : (
        <>
          <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
            <div className="w-full sm:max-w-sm">
              <SelectField
                label={t('submissions.page.filter')}
                value={questionnaireId ?? ''}
                onChange={(e) => setFilter(e.target.value)}
                options={[
                  { value: '', label: t('submissions.page.allQuestionnaires') },
                  ...(questionnaires ?? []).map((q) => ({ value: q.id, label: q.name })),
                ]}
              />
            </div>
            {all && all.length > 0 && (
              <p className="text-sm text-muted">{t('submissions.page.count', { count: all.length })}</p>
            )}
          </div>
          {!rows ? (
            <SubmissionListSkeleton />
          ) : rows.length === 0 ? (
            <EmptyState
              icon={<ClipboardList aria-hidden className="size-6" />}
              title={t('submissions.page.emptyTitle')}
              description={t('submissions.page.emptyDescription')}
            />
          ) : (
            <>
              <SubmissionList rows={rows} title={questionnaireId ? 'customer' : 'both'} onOpen={setOpenId} />
              {all && all.length > shown && (
                <div className="mt-4 flex justify-center">
                  <Button variant="secondary" onClick={() => setShown((n) => n + PAGE)}>
                    {t('submissions.page.more')}
                  </Button>
                </div>
              )}
            </>
          )}
        </>
      )}
      <SubmissionDrawer submissionId={openId} onClose={() => setOpenId(null)} />
    </div>
  )
}
