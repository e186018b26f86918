import { useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  type Answer,
  type AnswerValue,
  type Question,
  validateAnswers,
  visibleQuestions,
} from '../../../contract/questionnaires'
import type { ReplicaDb } from '../../local-db/db'
import { Button } from '../../ui/button'
import { FormError } from '../../ui/form-error'
import { translateFieldIssue } from '../../ui/errors'
import { useReportDirty } from '../../ui/unsaved-guard'
import { sameValues } from '../../ui/form'
import { QuestionBlock } from './question-block'

type Props = {
  questions: Question[]
  /** The submission's answers as they are now. */
  answers: Answer[]
  /** The question whose answer is being changed. */
  question: Question
  /** Where a new photo is kept until the edit is sent. */
  db: ReplicaDb
  /** Queues the changed answers (one edit each); resolves once they are stored locally. */
  onSave: (changes: Answer[]) => Promise<void>
  onCancel: () => void
}

const same = (a: AnswerValue | undefined, b: AnswerValue | undefined) => sameValues(a ?? null, b ?? null)

/**
 * Changes one answer of a submitted questionnaire with the same inputs as filling. Display logic
 * applies as the answer changes: questions the new answer reveals are asked too, and the
 * required rule holds for them (validateAnswers, as when submitting). Saves only what changed.
 */
export function AnswerEditor({ questions, answers, question, db, onSave, onCancel }: Props) {
  const { t } = useTranslation()
  const original = useMemo(() => Object.fromEntries(answers.map((a) => [a.questionId, a.value])), [answers])
  const [draft, setDraft] = useState<Record<string, AnswerValue>>(original)
  const [checked, setChecked] = useState(false)
  const [busy, setBusy] = useState(false)
  // Inside the submission drawer: a tap outside asks before an answer being changed is lost.
  useReportDirty(Object.keys(draft).some((id) => !same(draft[id], original[id])))
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    ref.current?.querySelector<HTMLElement>('input, textarea, select, button')?.focus()
  }, [])

  const before = useMemo(() => new Set(visibleQuestions({ questions }, answers).map((q) => q.id)), [questions, answers])
  // The edited question plus those its new answer brings into view.
  const scope = visibleQuestions({ questions }, draft).filter(
    (q) => q.type !== 'information' && (q.id === question.id || !before.has(q.id)),
  )
  const inScope = new Set(scope.map((q) => q.id))
  const check = validateAnswers({ questions }, draft)
  const missing = check.missing.filter((id) => inScope.has(id))
  const invalid = check.invalid.filter((i) => inScope.has(i.questionId))

  const invalidText = (id: string) => {
    const found = invalid.find((i) => i.questionId === id)
    return found ? translateFieldIssue(t, found) : null
  }

  const save = async () => {
    setChecked(true)
    if (missing.length || invalid.length) return
    // Last question first, the edited one last: the server checks each edit on its own and
    // refuses one that reveals a required question not answered yet (QUESTIONS_UNANSWERED), so
    // the revealed answers must be stored (while still hidden) before the answer revealing them.
    const changes = scope
      .filter((q) => !same(draft[q.id], original[q.id]))
      .map((q) => ({ questionId: q.id, value: draft[q.id] ?? null }))
      .reverse()
    if (changes.length === 0) return onCancel()
    setBusy(true)
    try {
      await onSave(changes)
    } finally {
      setBusy(false)
    }
  }

  return (
    <div
      ref={ref}
      className="flex flex-col gap-4 rounded-2xl border-2 border-primary bg-white p-2"
      data-testid="answer-editor"
    >
      {checked && missing.length > 0 && <FormError text={t('questionnaire-fill.unanswered')} />}
      {checked && missing.length === 0 && invalid.length > 0 && (
        <FormError text={t('questionnaire-fill.invalidAnswers')} />
      )}
      {scope.map((q) => (
        <QuestionBlock
          key={q.id}
          q={q}
          value={draft[q.id]}
          db={db}
          marked={checked && missing.includes(q.id)}
          invalid={invalidText(q.id)}
          reveal={checked}
          onChange={(v) => setDraft((d) => ({ ...d, [q.id]: v }))}
        />
      ))}
      <div className="flex flex-wrap gap-3 px-2 pb-2">
        <Button size="lg" className="flex-1" loading={busy} onClick={() => void save()}>
          {t('questionnaire-fill.saveAnswer')}
        </Button>
        <Button variant="secondary" size="lg" className="flex-1" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
      </div>
    </div>
  )
}
