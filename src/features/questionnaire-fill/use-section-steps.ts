import { useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  type AnswerValue,
  isAnswerable,
  isAnswered,
  type Question,
  questionCount,
  validateAnswers,
  visibleQuestions,
} from '../../../contract/questionnaires'
import { translateFieldIssue } from '../../ui'
import { focusQuestion } from './focus-question'
import { sections } from './sections'

type Options = {
  questions: Question[]
  answers: Record<string, AnswerValue>
  /** The section being shown (kept by the caller: the draft, or memory in the preview). */
  section: number
  setSection: (section: number) => void
}

/**
 * One section at a time, as the filling screen and the editor's preview both step through it.
 * Next leaves a section only when its required questions are answered and its answers fit
 * (a typed date that is no date stops it too); Submit goes to the first section that is not.
 * A refused step marks that section's problems, shows the banner and puts the cursor on the
 * first one; the marks follow the answers, so the banner goes when the last one is answered.
 */
export function useSectionSteps({ questions, answers, section, setSection }: Options) {
  const { t } = useTranslation()
  /** The section whose Next/Submit was refused, if any. */
  const [tried, setTried] = useState<number | null>(null)
  const [focusId, setFocusId] = useState<string | null>(null)
  useEffect(() => {
    if (!focusId) return
    setFocusId(null)
    focusQuestion(focusId)
  }, [focusId])

  const visible = useMemo(() => visibleQuestions({ questions }, answers), [questions, answers])
  const parts = sections(visible)
  const index = Math.min(section, Math.max(0, parts.length - 1))
  const current = parts[index] ?? []
  const check = validateAnswers({ questions }, answers)
  const missing = new Set(check.missing)
  const invalid = new Map(check.invalid.map((i) => [i.questionId, translateFieldIssue(t, i)]))
  const problem = (q: Question) => missing.has(q.id) || invalid.has(q.id)
  const shown = tried === index
  const sectionMissing = current.some((q) => missing.has(q.id))
  const banner: 'unanswered' | 'invalid' | null = !shown
    ? null
    : sectionMissing
      ? 'unanswered'
      : current.some((q) => invalid.has(q.id))
        ? 'invalid'
        : null

  const stopAt = (n: number) => {
    setTried(n)
    if (n !== index) setSection(n)
    const first = (parts[n] ?? []).find(problem)
    if (first) setFocusId(first.id)
  }

  return {
    parts,
    index,
    current,
    check,
    last: index >= parts.length - 1,
    banner,
    answered: visible.filter((q) => isAnswerable(q) && isAnswered(answers[q.id]) && !invalid.has(q.id)).length,
    count: questionCount(visible),
    /** What a question block shows about its answer. */
    marks: (q: Question) => ({ marked: shown && missing.has(q.id), invalid: invalid.get(q.id), reveal: shown }),
    /** Go to section n (Previous, or a reset), forgetting a refused step. */
    goTo: (n: number) => {
      setTried(null)
      setSection(n)
    },
    /** Next: true when the section was left. */
    next: (): boolean => {
      if (current.some(problem)) {
        stopAt(index)
        return false
      }
      setTried(null)
      setSection(index + 1)
      return true
    },
    /** Before submitting: true when every section is complete, else shows the first that is not. */
    complete: (): boolean => {
      const first = parts.findIndex((p) => p.some(problem))
      if (first < 0) return true
      stopAt(first)
      return false
    },
  }
}
