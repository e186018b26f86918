import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { type AnswerValue, answerText, isAnswered, type Question, RATING_MAX } from '../../../contract/questionnaires'
import type { ReplicaDb } from '../../local-db/db'
import { isLocalPhoto } from '../../local-db/photos'
import { formatNumber } from '../../ui/format'
import { usePhotoSrc } from './photo-input'

/** Who reads an answer: staff see the options' employee titles, the customer their own titles. */
export type Audience = 'employee' | 'customer'

/**
 * An answer as text (not for image answers): yes/no, "4 / 5", option titles, dd-MM-yyyy, and
 * numbers as the reader writes them ("1,5" in Dutch).
 */
export function answerDisplayText(t: TFunction, q: Question, v: AnswerValue, audience: Audience): string {
  if (q.type === 'boolean') return v === true ? t('common.yes') : t('common.no')
  const locale = t('common.locale')
  if (q.type === 'rating' && typeof v === 'number')
    return `${formatNumber(v, locale)} / ${formatNumber(RATING_MAX, locale)}`
  if (q.type === 'number' && typeof v === 'number') return formatNumber(v, locale, { grouping: false })
  return answerText(q, v, audience)
}

type Props = {
  q: Question
  value: AnswerValue | undefined
  audience: Audience
  /** The local database a photo not yet uploaded is kept in. */
  db: ReplicaDb | null
}

/** One given answer, read-only: its text, its photos, or "Not answered". */
export function AnswerView({ q, value, audience, db }: Props) {
  const { t } = useTranslation()
  if (!isAnswered(value)) return <span className="text-muted italic">{t('submissions.notAnswered')}</span>
  if (q.type === 'image') return <AnswerImages value={value as AnswerValue} label={q.name} db={db} />
  return (
    <span className="whitespace-pre-wrap break-words">{answerDisplayText(t, q, value as AnswerValue, audience)}</span>
  )
}

function AnswerImages({ value, label, db }: { value: AnswerValue; label: string; db: ReplicaDb | null }) {
  const paths = Array.isArray(value) ? value : [String(value)]
  return (
    <span className="flex flex-wrap gap-2">
      {paths.map((p) => (
        <AnswerImage key={p} value={p} label={label} db={db} />
      ))}
    </span>
  )
}

/** A stored photo, or one still on this device (a submission or an edit not yet sent). */
function AnswerImage({ value, label, db }: { value: string; label: string; db: ReplicaDb | null }) {
  const src = usePhotoSrc(db, value)
  if (!src) return <span className="text-sm text-muted">{label}</span>
  const img = (
    <img
      src={src}
      alt={label}
      loading="lazy"
      className="max-h-48 max-w-full rounded-xl border border-line object-contain"
    />
  )
  // Open the stored file full size; a local photo has no address to open.
  return isLocalPhoto(value) ? (
    img
  ) : (
    <a href={src} target="_blank" rel="noreferrer" className="block">
      {img}
    </a>
  )
}
