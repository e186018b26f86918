import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  type Answer,
  type Question,
  type Questionnaire,
  validateAnswers,
  visibleQuestions,
} from '../../../contract/questionnaires'
import { Button, cx, FormError } from '../../ui'
import { draftKey, fillDb } from './draft-db'
import type { ReplicaDb } from '../../local-db/db'
import { FillProgress } from './fill-progress'
import { useDraft } from './use-draft'
import { QuestionBlock } from './question-block'
import { sections } from './sections'

type Props = {
  questionnaire: Questionnaire
  customerId: string
  salonName: string
  /**
   * The local database whose outbox will carry the submission: the customer area's
   * (useCustomerReplica) or the staff replica (useReplica().db, kiosk). Photos of image questions
   * are stored there until the sync engine uploads them.
   */
  db: ReplicaDb
  /** Queues the submission (works offline); the draft is removed after it resolves. */
  onSubmit: (answers: Answer[]) => Promise<void>
  thankYou: React.ReactNode
  /** Inside the staff shell: as tall as its answers, not the whole screen (the footer stays in view). */
  inShell?: boolean
}

/** The customer's questionnaire on a tablet or phone: one section at a time, answers kept on the device. */
export function FillForm({ questionnaire, customerId, salonName, db, onSubmit, thankYou, inShell }: Props) {
  const { t } = useTranslation()
  const key = draftKey(questionnaire.id, customerId)
  const { draft, setAnswer, setSection } = useDraft(key)
  const [showMissing, setShowMissing] = useState(false)
  const [done, setDone] = useState(false)
  const [busy, setBusy] = useState(false)
  const answers = draft?.answers ?? {}
  const questions = questionnaire.questions as Question[]
  const visible = useMemo(() => visibleQuestions({ questions }, answers), [questions, answers])
  const parts = sections(visible)
  const index = Math.min(draft?.section ?? 0, Math.max(0, parts.length - 1))
  const check = validateAnswers({ questions }, answers)
  const missing = new Set(check.missing)

  if (done) return <>{thankYou}</>
  if (draft === undefined) return null

  const go = (section: number) => {
    setSection(section)
    window.scrollTo({ top: 0 })
  }
  const last = index >= parts.length - 1
  const submit = async () => {
    if (check.missing.length > 0) {
      setShowMissing(true)
      const first = parts.findIndex((p) => p.some((q) => missing.has(q.id)))
      if (first >= 0 && first !== index) go(first)
      return
    }
    setBusy(true)
    try {
      await onSubmit(check.answers)
      await fillDb().drafts.delete(key)
      setDone(true)
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className={cx('mx-auto flex max-w-3xl flex-col gap-6 px-4 py-6 sm:px-8', !inShell && 'min-h-dvh')}>
      <FillProgress
        salonName={salonName}
        title={<h1 className="text-3xl font-semibold text-ink">{questionnaire.name}</h1>}
        index={index}
        total={parts.length}
      />
      {showMissing && check.missing.length > 0 && <FormError text={t('questionnaire-fill.unanswered')} />}
      <div className="flex flex-col gap-8">
        {(parts[index] ?? []).map((q) => (
          <QuestionBlock
            key={q.id}
            q={q}
            value={answers[q.id]}
            db={db}
            marked={showMissing && missing.has(q.id)}
            onChange={(v) => setAnswer(q.id, v)}
          />
        ))}
      </div>
      <footer className="mt-auto flex gap-3 pt-4">
        {index > 0 && (
          <Button variant="secondary" size="lg" className="min-h-14 flex-1" onClick={() => go(index - 1)}>
            {t('questionnaire-fill.previous')}
          </Button>
        )}
        {last ? (
          <Button size="lg" className="min-h-14 flex-1" disabled={busy} onClick={submit}>
            {t('questionnaire-fill.submit')}
          </Button>
        ) : (
          <Button size="lg" className="min-h-14 flex-1" onClick={() => go(index + 1)}>
            {t('questionnaire-fill.next')}
          </Button>
        )}
      </footer>
    </div>
  )
}
