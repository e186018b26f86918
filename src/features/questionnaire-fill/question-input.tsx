import { Star } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type AnswerValue, type Question, RATING_MAX } from '../../../contract/questionnaires'
import { isIsoDate, isoToDateText, parseDateText } from '../../../contract/dates'
import { cx } from '../../ui/cx'
import { DateInput } from '../../ui/date-field'
import { parseNumberText } from './typed-number'
import type { ReplicaDb } from '../../local-db/db'
import { PhotoInput } from './photo-input'

/** Answer choices: big touch targets (DESIGN.md: at least 56 px) for a tablet in a customer's hand. */
const choice = (on: boolean) =>
  cx(
    'min-h-14 rounded-xl border-2 px-5 py-3 text-left text-lg transition-colors',
    on
      ? 'border-primary-dark bg-primary-dark font-medium text-white'
      : 'border-line bg-white text-ink hover:border-primary-dark',
  )
const field = 'min-h-14 w-full rounded-xl border-2 border-line bg-white px-4 text-lg text-ink focus:border-primary'

type Props = {
  q: Question
  value: AnswerValue | undefined
  onChange: (v: AnswerValue) => void
  /** The local database photos are kept in until sent (the one whose outbox gets the submission). */
  db: ReplicaDb
}

export function QuestionInput({ q, value, onChange, db }: Props) {
  const { t } = useTranslation()
  const id = `q-${q.id}`
  switch (q.type) {
    case 'information':
      // Nothing to answer: its text, image and video are the question block's (question-block.tsx).
      return null
    case 'string':
      return (
        <textarea
          id={id}
          className={cx(field, 'py-3')}
          rows={3}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.target.value)}
        />
      )
    case 'number':
      return <NumberAnswer id={id} value={value} onChange={onChange} />
    case 'date':
      return <DateAnswer id={id} value={value} onChange={onChange} />
    case 'boolean':
      return (
        <div className="grid grid-cols-2 gap-3">
          {[true, false].map((b) => (
            <button
              key={String(b)}
              type="button"
              aria-pressed={value === b}
              className={choice(value === b)}
              onClick={() => onChange(b)}
            >
              {t(b ? 'questionnaire-fill.yes' : 'questionnaire-fill.no')}
            </button>
          ))}
        </div>
      )
    case 'rating':
      return (
        <div className="flex gap-2">
          {Array.from({ length: RATING_MAX }, (_, i) => i + 1).map((n) => (
            <button
              key={n}
              type="button"
              aria-pressed={value === n}
              aria-label={t('questionnaire-fill.stars', { count: n })}
              className="flex size-14 items-center justify-center rounded-xl hover:bg-primary-light"
              onClick={() => onChange(n)}
            >
              <Star
                aria-hidden
                className={cx(
                  'size-10',
                  typeof value === 'number' && n <= value ? 'fill-primary-dark text-primary-dark' : 'text-muted',
                )}
              />
            </button>
          ))}
        </div>
      )
    case 'option':
      return <OptionInput q={q} value={value} onChange={onChange} />
    case 'image':
      return <PhotoInput id={id} value={value} onChange={onChange} db={db} />
  }
}

/**
 * A typed answer is never thrown away: the answer is the parsed value once the text is one, and
 * the text itself until then (validateAnswers names it as not valid, which blocks Next and
 * Submit). The text the person sees stays as they typed it, also across sections and reloads.
 */
function useTypedAnswer(
  value: AnswerValue | undefined,
  show: (v: AnswerValue | undefined) => string,
  read: (text: string) => AnswerValue,
) {
  const [text, setText] = useState(() => show(value))
  // The answer changed elsewhere (a draft loaded, a form reset): show that one.
  // (Compared as text too: a value whose text reads back differently must not loop.)
  if ((value ?? null) !== read(text) && show(value) !== text) setText(show(value))
  return [text, setText] as const
}

const readDate = (text: string): AnswerValue => {
  const r = parseDateText(text)
  return r.ok ? r.iso : r.reason === 'empty' ? null : text.trim()
}

function DateAnswer({
  id,
  value,
  onChange,
}: {
  id: string
  value: AnswerValue | undefined
  onChange: (v: AnswerValue) => void
}) {
  const [text, setText] = useTypedAnswer(value, (v) => (typeof v === 'string' ? isoToDateText(v) : ''), readDate)
  return (
    <DateInput
      id={id}
      className={field}
      value={text}
      aria-invalid={typeof value === 'string' && !isIsoDate(value) ? true : undefined}
      onChange={(next) => {
        setText(next)
        onChange(readDate(next))
      }}
    />
  )
}

/** Numbers as people type them: a comma or a dot as decimal separator (a text input: type=number drops what it cannot read). */
function NumberAnswer({
  id,
  value,
  onChange,
}: {
  id: string
  value: AnswerValue | undefined
  onChange: (v: AnswerValue) => void
}) {
  const { i18n } = useTranslation()
  const comma = i18n.language !== 'en'
  const [text, setText] = useTypedAnswer(
    value,
    (v) => (typeof v === 'number' ? (comma ? String(v).replace('.', ',') : String(v)) : typeof v === 'string' ? v : ''),
    parseNumberText,
  )
  return (
    <input
      id={id}
      className={field}
      type="text"
      inputMode="decimal"
      autoComplete="off"
      value={text}
      aria-invalid={typeof value === 'string' ? true : undefined}
      onChange={(e) => {
        setText(e.target.value)
        onChange(parseNumberText(e.target.value))
      }}
    />
  )
}

function OptionInput({ q, value, onChange }: Omit<Props, 'db'>) {
  const { t } = useTranslation()
  const list = Array.isArray(value) ? value : typeof value === 'string' && value ? [value] : []
  const ids = new Set(q.options.map((o) => o.id))
  const custom = list.find((v) => !ids.has(v)) ?? ''
  const set = (next: string[]) => onChange(q.allowMultiple ? next : (next[0] ?? null))
  const toggle = (id: string) => {
    if (!q.allowMultiple) return set(list.includes(id) ? [] : [id])
    set(list.includes(id) ? list.filter((x) => x !== id) : [...list, id])
  }
  return (
    <div className="flex flex-col gap-3">
      <div className="grid gap-3 sm:grid-cols-2">
        {q.options.map((o) => (
          <button
            key={o.id}
            type="button"
            aria-pressed={list.includes(o.id)}
            className={choice(list.includes(o.id))}
            onClick={() => toggle(o.id)}
          >
            {o.customerTitle}
          </button>
        ))}
      </div>
      {q.allowCustomValue && (
        <input
          className={field}
          placeholder={t('questionnaire-fill.other')}
          aria-label={t('questionnaire-fill.other')}
          value={custom}
          onChange={(e) => {
            const known = list.filter((v) => ids.has(v))
            const v = e.target.value
            set(v ? (q.allowMultiple ? [...known, v] : [v]) : known)
          }}
        />
      )}
    </div>
  )
}
