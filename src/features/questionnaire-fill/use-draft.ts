import { useCallback, useEffect, useRef, useState } from 'react'
import type { AnswerValue } from '../../../contract/questionnaires'
import { fillDb } from './draft-db'

export type DraftState = { answers: Record<string, AnswerValue>; section: number }

/**
 * The answers being given, kept on the device as they are given (a reload or a closed tab
 * resumes). React state is the source of truth while the form is open and every change is
 * written through: quick answers in a row (a star, then a photo) each build on the one before,
 * never on an older copy still on its way through IndexedDB. `undefined` while loading.
 */
export function useDraft(key: string) {
  // Kept with the key it belongs to: another questionnaire or customer never sees (or writes
  // into) the previous one's answers while its own draft loads.
  const [loaded, setDraft] = useState<(DraftState & { key: string }) | undefined>(undefined)
  const latest = useRef<(DraftState & { key: string }) | undefined>(undefined)
  const draft: DraftState | undefined =
    loaded && loaded.key === key ? { answers: loaded.answers, section: loaded.section } : undefined

  useEffect(() => {
    let live = true
    latest.current = undefined
    setDraft(undefined)
    void fillDb()
      .drafts.get(key)
      .then((d) => {
        if (!live) return
        latest.current = { key, answers: d?.answers ?? {}, section: d?.section ?? 0 }
        setDraft(latest.current)
      })
    return () => {
      live = false
    }
  }, [key])

  const change = useCallback(
    (patch: (d: DraftState) => Partial<DraftState>) => {
      const base = latest.current
      if (!base || base.key !== key) return
      const next = { ...base, ...patch(base) }
      latest.current = next
      setDraft(next)
      // Writes to one store run in the order they are made: the last change is what stays.
      void fillDb().drafts.put({
        key,
        answers: next.answers,
        section: next.section,
        updatedAt: new Date().toISOString(),
      })
    },
    [key],
  )
  const setAnswer = useCallback(
    (questionId: string, value: AnswerValue) => change((d) => ({ answers: { ...d.answers, [questionId]: value } })),
    [change],
  )
  const setSection = useCallback((section: number) => change(() => ({ section })), [change])
  return { draft, setAnswer, setSection }
}
