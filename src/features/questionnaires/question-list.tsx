import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react'
import { ListPlus, Plus } from 'lucide-react'
import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { QUESTION_TYPES, type QuestionType, questionCount } from '../../../contract/questionnaires'
import { EmptyState } from '../../ui'
import {
  type DraftQuestion,
  misplacedConditions,
  moveItem,
  newQuestion,
  questionErrors,
  removeQuestion,
} from './editor-state'
import { QuestionCard } from './question-card'
import { TYPE_ICONS } from './type-icons'
import { usePointerReorder } from './use-pointer-reorder'

type Props = {
  questions: DraftQuestion[]
  onChange: (questions: DraftQuestion[]) => void
  errors: Record<string, string>
  readOnly: boolean
}

/**
 * The ordered questions. Reorder by dragging the handle (mouse or touch), with the arrow keys on
 * the focused handle, or with the move buttons; a live region announces each move.
 */
export function QuestionList({ questions, onChange, errors, readOnly }: Props) {
  const { t } = useTranslation()
  const [open, setOpen] = useState<Set<string>>(() => new Set())
  const [announcement, setAnnouncement] = useState('')
  const handles = useRef(new Map<string, HTMLButtonElement>())
  const misplaced = misplacedConditions(questions)

  const move = (from: number, to: number, focus = false) => {
    const next = moveItem(questions, from, to)
    if (next === questions) return
    const moved = questions[from]
    const at = next.indexOf(moved)
    onChange(next)
    setAnnouncement(
      t('questionnaires.moved', {
        name: moved.name || t('questionnaires.untitled'),
        position: at + 1,
        total: next.length,
      }),
    )
    // Keep the keyboard where it was: the handle of the moved question.
    if (focus) requestAnimationFrame(() => handles.current.get(moved.id)?.focus())
  }
  const drag = usePointerReorder(questions.length, (from, to) => move(from, to))
  const add = (type: QuestionType) => {
    const q = newQuestion(type)
    onChange([...questions, q])
    setOpen((s) => new Set(s).add(q.id))
    requestAnimationFrame(() => document.getElementById(`edit-${q.id}-name`)?.focus())
  }
  const toggle = (id: string) =>
    setOpen((s) => {
      const next = new Set(s)
      if (!next.delete(id)) next.add(id)
      return next
    })

  return (
    <section className="flex flex-col gap-3" aria-labelledby="questions-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="questions-title" className="font-display text-xl text-ink">
          {t('questionnaires.questions')} <span className="text-base text-muted">({questionCount(questions)})</span>
        </h2>
        {!readOnly && <AddQuestionMenu onAdd={add} />}
      </div>
      {questions.length === 0 ? (
        <EmptyState
          icon={<ListPlus aria-hidden className="size-6" />}
          title={t('questionnaires.noQuestionsTitle')}
          description={t(readOnly ? 'questionnaires.noQuestionsReadOnly' : 'questionnaires.noQuestionsDescription')}
        />
      ) : (
        <ol className="flex flex-col gap-3" ref={drag.listRef}>
          {questions.map((q, i) => (
            <QuestionCard
              key={q.id}
              index={i}
              question={q}
              questions={questions}
              expanded={open.has(q.id) || Object.keys(questionErrors(errors, i)).length > 0}
              onToggle={() => toggle(q.id)}
              onChange={(next) => onChange(questions.map((x) => (x.id === q.id ? next : x)))}
              onReplaceAll={onChange}
              onRemove={() => onChange(removeQuestion(questions, q.id))}
              onMove={(to) => move(i, to, true)}
              errors={questionErrors(errors, i)}
              misplaced={misplaced.get(q.id) ?? []}
              readOnly={readOnly}
              drag={drag.itemProps(i)}
              handleRef={(el) => {
                if (el) handles.current.set(q.id, el)
                else handles.current.delete(q.id)
              }}
            />
          ))}
        </ol>
      )}
      {!readOnly && questions.length > 1 && (
        <p id="reorder-help" className="text-xs text-muted">
          {t('questionnaires.reorderHelp')}
        </p>
      )}
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </section>
  )
}

function AddQuestionMenu({ onAdd }: { onAdd: (type: QuestionType) => void }) {
  const { t } = useTranslation()
  return (
    <Menu>
      <MenuButton className="inline-flex min-h-11 items-center gap-2 rounded-lg bg-primary-dark px-4 text-sm font-medium text-white shadow-sm hover:brightness-110">
        <Plus aria-hidden className="size-4" /> {t('questionnaires.addQuestion')}
      </MenuButton>
      <MenuItems
        anchor="bottom end"
        className="z-[1200] mt-1 w-56 rounded-xl border border-line bg-white p-1 shadow-xl focus:outline-none"
      >
        {QUESTION_TYPES.map((type) => {
          const Icon = TYPE_ICONS[type]
          return (
            <MenuItem key={type}>
              <button
                type="button"
                onClick={() => onAdd(type)}
                className="flex min-h-11 w-full items-center gap-3 rounded-lg px-3 text-left text-sm text-ink data-[focus]:bg-primary-lighter"
              >
                <Icon aria-hidden className="size-4 text-muted" /> {t(`questionnaires.types.${type}`)}
              </button>
            </MenuItem>
          )
        })}
      </MenuItems>
    </Menu>
  )
}
