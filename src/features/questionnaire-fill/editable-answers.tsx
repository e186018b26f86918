import { AlertTriangle, CloudUpload, Pencil } from 'lucide-react'
import { type ReactNode, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type Answer, type Question, visibleQuestions } from '../../../contract/questionnaires'
import type { ReplicaDb } from '../../local-db/db'
import { discardEntry } from '../../local-db/mutations'
import type { LocalSubmission } from '../../local-db/types'
import { Badge } from '../../ui/feedback'
import { Button } from '../../ui/button'
import { cx } from '../../ui/cx'
import { useCustomerFacing } from '../../ui/errors'
import { outboxErrorText } from '../sync/outbox-error-text'
import { AnswerEditor } from './answer-editor'
import { type Audience, AnswerView } from './answer-view'
import { useAnswerOutbox } from './use-answer-outbox'

type Props = {
  questions: Question[]
  submission: LocalSubmission
  /** The local database whose outbox carries the edits (the customer's or the staff replica). */
  db: ReplicaDb
  audience: Audience
  /** May this reader change answers? */
  canEdit?: boolean
  /** Customer screens: bigger type and 56 px targets. */
  large?: boolean
  /** Something more under an answer (staff: "Changed on … (was: …)"). */
  note?: (q: Question) => ReactNode
  onSave: (changes: Answer[]) => Promise<void>
}

/**
 * The questions the customer saw with their answers (questions hidden by display logic left
 * out, information blocks carry no answer), each with "Change answer" for a reader allowed to,
 * and its unsent or refused edit marked.
 */
export function EditableAnswers({ questions, submission, db, audience, canEdit = true, large, note, onSave }: Props) {
  const { t } = useTranslation()
  const customerFacing = useCustomerFacing()
  const [editing, setEditing] = useState<string | null>(null)
  const outbox = useAnswerOutbox(db, submission.id)
  const values = new Map(submission.answers.map((a) => [a.questionId, a.value]))
  const shown = visibleQuestions({ questions }, submission.answers).filter((q) => q.type !== 'information')
  return (
    <dl className="flex flex-col divide-y divide-line" data-testid="submission-answers">
      {shown.map((q) => {
        const state = outbox.get(q.id)
        return (
          <div
            key={q.id}
            className={cx('flex flex-col gap-1.5', large ? 'py-4' : 'py-3')}
            data-testid="submission-answer"
          >
            {editing === q.id ? (
              <dd>
                <AnswerEditor
                  questions={questions}
                  answers={submission.answers}
                  question={q}
                  db={db}
                  onCancel={() => setEditing(null)}
                  onSave={async (changes) => {
                    await onSave(changes)
                    setEditing(null)
                  }}
                />
              </dd>
            ) : (
              <>
                <dt className="flex items-center justify-between gap-3">
                  <span
                    className={cx('min-w-0 font-medium break-words', large ? 'text-lg text-ink' : 'text-sm text-muted')}
                  >
                    {q.name}
                  </span>
                  {canEdit && (
                    <Button
                      variant="ghost"
                      size={large ? 'lg' : 'md'}
                      className={cx('-my-2 shrink-0', large ? 'px-4' : 'px-3')}
                      aria-label={t('questionnaire-fill.changeAnswerOf', { name: q.name })}
                      onClick={() => setEditing(q.id)}
                    >
                      <Pencil aria-hidden className="size-4" />
                      <span>{t('questionnaire-fill.changeAnswer')}</span>
                    </Button>
                  )}
                </dt>
                <dd className={cx('text-ink', large ? 'text-lg' : 'text-base')}>
                  <AnswerView q={q} value={values.get(q.id)} audience={audience} db={db} />
                </dd>
              </>
            )}
            {state?.pending && !state.refused && (
              <dd>
                <Badge tone="neutral" className="pending-badge">
                  <CloudUpload aria-hidden className="size-3" /> {t('submissions.pending')}
                </Badge>
              </dd>
            )}
            {state?.refused && (
              <dd
                className="flex flex-wrap items-center gap-3 rounded-lg bg-[#fbf1dc] px-3 py-2 text-sm text-[#5c3d06]"
                data-testid="answer-refused"
              >
                <AlertTriangle aria-hidden className="size-4 shrink-0" />
                <span className="min-w-0 flex-1">
                  {t('questionnaire-fill.editRefused')} {outboxErrorText(t, state.refused.error, customerFacing)}
                </span>
                <Button variant="secondary" onClick={() => void discardEntry(db, state.refused!.seq!)}>
                  {t('questionnaire-fill.undoChange')}
                </Button>
              </dd>
            )}
            {note?.(q)}
          </div>
        )
      })}
    </dl>
  )
}
