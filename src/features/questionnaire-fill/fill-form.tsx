import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Answer, Question, Questionnaire } from '../../../contract/questionnaires'
import { Button, cx, FormError } from '../../ui'
import { draftKey, fillDb } from './draft-db'
import type { ReplicaDb } from '../../local-db/db'
import { SalonLogo } from '../organisation/salon-logo'
import { FillProgress } from './fill-progress'
import { useDraft } from './use-draft'
import { QuestionBlock } from './question-block'
import { useSectionSteps } from './use-section-steps'

type Props = {
  questionnaire: Questionnaire
  customerId: string
  salonName: string
  /** The salon's logo, shown instead of its name at the top (customer screens). */
  salonLogoUrl?: string | null
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
export function FillForm({
  questionnaire,
  customerId,
  salonName,
  salonLogoUrl,
  db,
  onSubmit,
  thankYou,
  inShell,
}: Props) {
  const { t } = useTranslation()
  const key = draftKey(questionnaire.id, customerId)
  const { draft, setAnswer, setSection } = useDraft(key)
  const [done, setDone] = useState(false)
  const [busy, setBusy] = useState(false)
  const answers = draft?.answers ?? {}
  const steps = useSectionSteps({
    questions: questionnaire.questions as Question[],
    answers,
    section: draft?.section ?? 0,
    setSection,
  })
  const { index, parts, last } = steps

  if (done) return <>{thankYou}</>
  if (draft === undefined) return null

  const go = (section: number) => {
    steps.goTo(section)
    window.scrollTo({ top: 0 })
  }
  const next = () => {
    if (steps.next()) window.scrollTo({ top: 0 })
  }
  const submit = async () => {
    if (!steps.complete()) return
    setBusy(true)
    try {
      await onSubmit(steps.check.answers)
      await fillDb().drafts.delete(key)
      setDone(true)
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className={cx('mx-auto flex max-w-3xl flex-col gap-6 px-4 py-6 sm:px-8', !inShell && 'min-h-dvh')}>
      <FillProgress
        salonName={<SalonLogo name={salonName} logoUrl={salonLogoUrl} imageClassName="max-h-12 max-w-[200px]" />}
        title={<h1 className="text-3xl font-semibold text-ink">{questionnaire.name}</h1>}
        index={index}
        total={parts.length}
        answered={steps.answered}
        count={steps.count}
      />
      {steps.banner && (
        <FormError
          text={t(
            steps.banner === 'unanswered' ? 'questionnaire-fill.unanswered' : 'questionnaire-fill.invalidAnswers',
          )}
        />
      )}
      <div className="flex flex-col gap-8">
        {steps.current.map((q) => (
          <QuestionBlock
            key={q.id}
            q={q}
            value={answers[q.id]}
            db={db}
            {...steps.marks(q)}
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
          <Button size="lg" className="min-h-14 flex-1" onClick={next}>
            {t('questionnaire-fill.next')}
          </Button>
        )}
      </footer>
    </div>
  )
}
