import { History } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { type AnswerValue, isAnswered, type Question } from '../../../contract/questionnaires'
import { updateSubmissionAnswers } from '../../local-db/submission-mutations'
import type { LocalQuestionnaire, LocalSubmission } from '../../local-db/types'
import { formatDateTime } from '../../ui/format'
import { notify } from '../../ui/notifications'
import { useOnline } from '../app/use-online'
import { useCan } from '../auth/use-can'
import { answerDisplayText } from '../questionnaire-fill/answer-view'
import { EditableAnswers } from '../questionnaire-fill/editable-answers'
import { useReplica } from '../sync/replica-context'
import type { AnswerEdit } from './use-answer-edits'

type Props = { questionnaire: LocalQuestionnaire; submission: LocalSubmission; edits: Map<string, AnswerEdit> }

/**
 * The questions the customer saw, with their answers as staff read them (employee titles,
 * images) and when each was changed later. Staff allowed to change answers do so on the replica:
 * offline too, waiting to sync until the server has it.
 */
export function SubmissionAnswers({ questionnaire, submission, edits }: Props) {
  const { t } = useTranslation()
  const replica = useReplica()
  const canEdit = useCan('submissions.editAnswer')
  const online = useOnline()
  if (!replica) return null
  const note = (q: Question) => {
    const edit = edits.get(q.id)
    if (!edit) return null
    return (
      <dd className="flex items-start gap-1.5 text-xs text-muted" data-testid="answer-edited">
        <History aria-hidden className="mt-px size-3.5 shrink-0" />
        {t('submissions.answerEdited', {
          date: formatDateTime(edit.createdAt),
          old: isAnswered(edit.oldValue)
            ? answerDisplayText(t, q, edit.oldValue as AnswerValue, 'employee')
            : t('submissions.notAnswered'),
        })}
      </dd>
    )
  }
  return (
    <EditableAnswers
      key={submission.id}
      questions={questionnaire.questions as Question[]}
      submission={submission}
      db={replica.db}
      audience="employee"
      canEdit={canEdit}
      note={note}
      onSave={async (changes) => {
        await updateSubmissionAnswers(replica.db, submission.id, changes)
        notify({
          type: 'success',
          message: t(online ? 'submissions.answerChanged' : 'submissions.answerChangedOffline'),
        })
      }}
    />
  )
}
