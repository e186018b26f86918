import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { AnswerValue, Question } from '../../../contract/questionnaires'
import type { ReplicaDb } from '../../local-db/db'
import { cx } from '../../ui/cx'
import { iconUrl, StoredImage } from '../auth/stored-image'
import { QuestionInput } from './question-input'
import { embedUrl } from './video'

type Props = {
  q: Question
  value: AnswerValue | undefined
  onChange: (v: AnswerValue) => void
  db: ReplicaDb
  /** Marked as unanswered after a submit attempt. */
  marked: boolean
  /**
   * Why the answer given does not fit (translated), e.g. a typed date that is no date. Shown once
   * the person leaves the question, or at once after a Next/Submit attempt (`marked` or `reveal`).
   */
  invalid?: string | null
  reveal?: boolean
  'data-testid'?: string
}

/**
 * One question as the customer sees it: its icon and title, the explanation, an image and an
 * embedded video when it has them (any type), then the answer. The filling screen and the
 * editor's preview both use it, so the preview is exactly what the tablet shows.
 */
export function QuestionBlock({ q, value, onChange, db, marked, invalid, reveal, ...rest }: Props) {
  const { t } = useTranslation()
  const [left, setLeft] = useState(false)
  const showInvalid = !!invalid && (left || reveal || marked)
  const info = q.type === 'information'
  const video = q.videoUrl ? embedUrl(q.videoUrl) : null
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: only listens to focus leaving the answer's own inputs (blur bubbles in React)
    <section
      data-testid={rest['data-testid']}
      id={`q-${q.id}-block`}
      className={cx(
        'flex scroll-mt-24 flex-col gap-3 rounded-2xl p-4',
        (marked || showInvalid) && 'bg-[#f8e7e5]/50 ring-2 ring-[#d9837b]',
      )}
      aria-invalid={marked || showInvalid || undefined}
      onBlur={() => setLeft(true)}
    >
      <h2 id={`q-${q.id}-label`} className="flex items-start gap-3 text-xl font-medium break-words text-ink">
        {q.icon && <img src={iconUrl(q.icon)} alt="" className="size-8 shrink-0" />}
        <label htmlFor={`q-${q.id}`} className="min-w-0">
          {q.name}
          {q.required && <span className="text-[#a23b35]"> *</span>}
        </label>
      </h2>
      {q.body && (
        <p className={cx('whitespace-pre-line', info ? 'text-lg text-ink' : 'text-base text-muted')}>{q.body}</p>
      )}
      {q.image && <StoredImage path={q.image} alt="" className="max-h-80 self-start rounded-xl object-contain" />}
      {video && (
        <iframe
          title={q.name}
          src={video}
          className="aspect-video w-full rounded-xl"
          allow="fullscreen; picture-in-picture"
        />
      )}
      {!info && <QuestionInput q={q} value={value} onChange={onChange} db={db} />}
      {showInvalid ? (
        <p role="alert" className="text-[#a23b35]">
          {invalid}
        </p>
      ) : (
        marked && <p className="text-[#a23b35]">{t('questionnaire-fill.required')}</p>
      )}
    </section>
  )
}
