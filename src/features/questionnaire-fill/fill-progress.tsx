import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

type Props = {
  salonName: ReactNode
  title: ReactNode
  /** Section shown and number of sections ("part x of y"). */
  index: number
  total: number
  /** Questions answered of the questions to answer (questionCount): what the bar shows. */
  answered: number
  count: number
}

/** The head of a questionnaire being filled: salon, title, progress bar and "part x of y". */
export function FillProgress({ salonName, title, index, total, answered, count }: Props) {
  const { t } = useTranslation()
  // The answers given, not the section reached: a one-section questionnaire starts empty.
  const progress = count ? Math.round((Math.min(answered, count) / count) * 100) : total ? 100 : 0
  return (
    <header className="flex flex-col gap-3">
      <p className="text-base text-muted">{salonName}</p>
      {title}
      <div
        className="h-3 overflow-hidden rounded-full bg-line"
        role="progressbar"
        aria-label={t('questionnaire-fill.progress')}
        aria-valuenow={progress}
        aria-valuemin={0}
        aria-valuemax={100}
      >
        <div className="h-full rounded-full bg-primary transition-all" style={{ width: `${progress}%` }} />
      </div>
      <p className="text-sm text-muted">{t('questionnaire-fill.section', { current: index + 1, total })}</p>
    </header>
  )
}
