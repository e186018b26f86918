import { History } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import {
  type AnswerValue,
  answerText,
  isAnswered,
  type Question,
  RATING_MAX,
  visibleQuestions,
} from '../../../contract/questionnaires'
import { isLocalPhoto } from '../../local-db/photos'
import type { LocalQuestionnaire, LocalSubmission } from '../../local-db/types'
import { formatDateTime } from '../../ui'
import { usePhotoSrc } from '../questionnaire-fill/photo-input'
import { useReplica } from '../sync/replica-context'
import type { AnswerEdit } from './use-answer-edits'

type Props = { questionnaire: LocalQuestionnaire; submission: LocalSubmission; edits: Map<string, AnswerEdit> }

/**
 * The questions the customer saw, with their answers as staff read them: options by their
 * employee title, images shown. Questions hidden by display logic are left out (the customer
 * never saw them); information blocks carry no answer.
 */
export function SubmissionAnswers({ questionnaire, submission, edits }: Props) {
  const { t } = useTranslation()
  const questions = questionnaire.questions as Question[]
  const answers = new Map(submission.answers.map((a) => [a.questionId, a.value]))
  const shown = visibleQuestions({ questions }, submission.answers).filter((q) => q.type !== 'information')
  return (
    <dl className="flex flex-col divide-y divide-line" data-testid="submission-answers">
      {shown.map((q) => {
        const value = answers.get(q.id)
        const edit = edits.get(q.id)
        return (
          <div key={q.id} className="flex flex-col gap-1.5 py-3" data-testid="submission-answer">
            <dt className="text-sm font-medium text-muted">{q.name}</dt>
            <dd className="text-base text-ink">
              {!isAnswered(value) ? (
                <span className="text-muted italic">{t('submissions.notAnswered')}</span>
              ) : q.type === 'image' ? (
                <AnswerImages value={value as AnswerValue} label={q.name} />
              ) : (
                <span className="whitespace-pre-wrap break-words">{displayText(t, q, value as AnswerValue)}</span>
              )}
            </dd>
            {edit && (
              <dd className="flex items-start gap-1.5 text-xs text-muted" data-testid="answer-edited">
                <History aria-hidden className="mt-px size-3.5 shrink-0" />
                {t('submissions.answerEdited', {
                  date: formatDateTime(edit.createdAt),
                  old: isAnswered(edit.oldValue)
                    ? displayText(t, q, edit.oldValue as AnswerValue)
                    : t('submissions.notAnswered'),
                })}
              </dd>
            )}
          </div>
        )
      })}
    </dl>
  )
}

function displayText(t: (k: string) => string, q: Question, v: AnswerValue): string {
  if (q.type === 'boolean') return v === true ? t('common.yes') : t('common.no')
  if (q.type === 'rating') return `${v} / ${RATING_MAX}`
  return answerText(q, v, 'employee')
}

function AnswerImages({ value, label }: { value: AnswerValue; label: string }) {
  const paths = Array.isArray(value) ? value : [String(value)]
  return (
    <span className="flex flex-wrap gap-2">
      {paths.map((p) => (
        <AnswerImage key={p} value={p} label={label} />
      ))}
    </span>
  )
}

/** A stored photo, or one still on this device (a kiosk submission not yet sent). */
function AnswerImage({ value, label }: { value: string; label: string }) {
  const replica = useReplica()
  const src = usePhotoSrc(replica?.db ?? null, value)
  if (!src) return <span className="text-sm text-muted">{label}</span>
  const img = (
    <img
      src={src}
      alt={label}
      loading="lazy"
      className="max-h-48 max-w-full rounded-xl border border-line object-contain"
    />
  )
  // Open the stored file full size; a local photo has no address to open.
  return isLocalPhoto(value) ? (
    img
  ) : (
    <a href={src} target="_blank" rel="noreferrer" className="block">
      {img}
    </a>
  )
}
