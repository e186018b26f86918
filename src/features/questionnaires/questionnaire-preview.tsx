import { RotateCcw, Tablet } from 'lucide-react'
import { useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { AnswerValue } from '../../../contract/questionnaires'
import { Button, FormError } from '../../ui'
import { useEmployeeSession } from '../auth/session'
import { FillProgress } from '../questionnaire-fill/fill-progress'
import { QuestionBlock } from '../questionnaire-fill/question-block'
import { useSectionSteps } from '../questionnaire-fill/use-section-steps'
import { type Draft, previewQuestions } from './editor-state'
import { useReplica } from '../sync/replica-context'
import type { ReplicaDb } from '../../local-db/db'
import { isLocalPhoto, localPhotoId } from '../../local-db/photos'

/**
 * The unsaved draft as the customer will see it on the tablet: the customer form's own inputs,
 * sections and display logic (contract `visibleQuestions`), answers kept in memory only and never
 * submitted. A photo taken in the preview is removed from the device again when it closes.
 */
export function QuestionnairePreview({ draft }: { draft: Draft }) {
  const { t } = useTranslation()
  const session = useEmployeeSession()
  const db = useReplica()?.db
  const [answers, setAnswers] = useState<Record<string, AnswerValue>>({})
  const [section, setSection] = useState(0)
  const [checked, setChecked] = useState(false)
  const taken = useRef<Record<string, AnswerValue>>({})
  taken.current = answers
  useEffect(() => () => void (db && dropPreviewPhotos(db, taken.current)), [db])
  const questions = useMemo(() => previewQuestions(draft), [draft])
  // The same steps as the filling screen: what the preview shows is what the tablet does.
  const steps = useSectionSteps({
    questions,
    answers,
    section,
    setSection: (n) => {
      setSection(n)
      setChecked(false)
    },
  })
  const { parts, index, last } = steps
  const finish = () => setChecked(steps.complete())
  const reset = () => {
    setAnswers({})
    setChecked(false)
    steps.goTo(0)
  }

  return (
    <section aria-labelledby="preview-title" data-testid="questionnaire-preview" className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-3">
        <h2 id="preview-title" className="flex items-center gap-2 font-display text-xl text-ink">
          <Tablet aria-hidden className="size-5" /> {t('questionnaires.preview')}
        </h2>
        <Button variant="ghost" onClick={reset}>
          <RotateCcw aria-hidden className="size-4" /> {t('questionnaires.previewReset')}
        </Button>
      </div>
      <div className="rounded-[28px] border-[10px] border-ink/85 bg-white shadow-xl">
        <div className="flex max-h-[calc(100dvh-14rem)] min-h-96 flex-col gap-6 overflow-y-auto rounded-[18px] px-5 py-6">
          <FillProgress
            salonName={session?.employee.organisationName}
            title={
              <p className="text-2xl font-semibold break-words text-ink">
                {draft.name.trim() || t('questionnaires.untitled')}
              </p>
            }
            index={index}
            total={parts.length}
            answered={steps.answered}
            count={steps.count}
          />
          {parts.length === 0 && <p className="text-muted">{t('questionnaires.previewEmpty')}</p>}
          {steps.banner && (
            <FormError
              text={t(
                steps.banner === 'unanswered' ? 'questionnaire-fill.unanswered' : 'questionnaire-fill.invalidAnswers',
              )}
            />
          )}
          {checked && (
            <p role="status" className="rounded-lg bg-primary-light px-4 py-3 text-sm text-ink">
              {t('questionnaires.previewComplete')}
            </p>
          )}
          <div className="flex flex-col gap-8">
            {db &&
              steps.current.map((q) => (
                <QuestionBlock
                  key={q.id}
                  data-testid="preview-question"
                  q={q}
                  value={answers[q.id]}
                  db={db}
                  {...steps.marks(q)}
                  onChange={(v) => setAnswers((a) => ({ ...a, [q.id]: v }))}
                />
              ))}
          </div>
          <footer className="mt-auto flex gap-3 pt-2">
            {index > 0 && (
              <Button variant="secondary" size="lg" className="flex-1" onClick={() => steps.goTo(index - 1)}>
                {t('questionnaire-fill.previous')}
              </Button>
            )}
            {last ? (
              <Button size="lg" className="flex-1" onClick={finish} disabled={parts.length === 0}>
                {t('questionnaire-fill.submit')}
              </Button>
            ) : (
              <Button size="lg" className="flex-1" onClick={steps.next}>
                {t('questionnaire-fill.next')}
              </Button>
            )}
          </footer>
        </div>
      </div>
      <p className="text-xs text-muted">{t('questionnaires.previewNote')}</p>
    </section>
  )
}

function dropPreviewPhotos(db: ReplicaDb, answers: Record<string, AnswerValue>) {
  const ids = Object.values(answers)
    .flatMap((v) => (Array.isArray(v) ? v : [v]))
    .filter(isLocalPhoto)
    .map(localPhotoId)
  if (ids.length) void db.photos.bulkDelete(ids)
}
